import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "./icon.tsx";
import "./image-field.css";

interface ImageFieldProps {
  label: string;
  /** The image now stored, if any (an address with its token). */
  currentUrl: string | null;
  /** The file chosen and not saved yet. */
  file: File | null;
  onChange: (file: File | null) => void;
  accept: readonly string[];
  maxMb: number;
}

/** A preview address of a chosen file, released when it changes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== "function") {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * A cover picker: the image now stored or the one just chosen, a button to
 * choose another (JPEG, PNG or WebP up to `maxMb`) and one to drop the choice.
 */
export function ImageField({ label, currentUrl, file, onChange, accept, maxMb }: ImageFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = usePreviewUrl(file);
  const [broken, setBroken] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = preview ?? (broken ? null : currentUrl);

  return (
    <div className="image-field">
      <span className="field__label" id={`${inputId}-label`}>
        {label}
      </span>
      <div className="image-field__body">
        <div className="image-field__preview">
          {shown ? (
            <img
              src={shown}
              alt={file ? `Выбрано: ${file.name}` : label}
              onError={() => setBroken(true)}
            />
          ) : (
            <Icon name="image" size={32} />
          )}
        </div>
        <div className="image-field__controls">
          <label className="button button--secondary button--md" htmlFor={inputId}>
            <Icon name="upload" />
            {shown ? "Заменить обложку" : "Выбрать обложку"}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={accept.join(",")}
            className="visually-hidden"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              event.target.value = "";
              if (!chosen) return;
              if (chosen.size > maxMb * 1024 * 1024) {
                setError(`Файл больше ${maxMb} МБ`);
                return;
              }
              if (accept.length > 0 && chosen.type && !accept.includes(chosen.type)) {
                setError("Подойдёт изображение JPEG, PNG или WebP");
                return;
              }
              setError(null);
              onChange(chosen);
            }}
          />
          {file && (
            <button type="button" className="link-button" onClick={() => onChange(null)}>
              Отменить выбор
            </button>
          )}
          <span className={`field__message${error ? " is-error" : ""}`} aria-live="polite">
            {error ?? (file ? file.name : `JPEG, PNG или WebP, до ${maxMb} МБ`)}
          </span>
        </div>
      </div>
    </div>
  );
}
