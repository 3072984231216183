import { type DragEvent, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { ATTACHMENT_ACCEPT, type AttachmentUpload } from "../hooks/use-attachment-uploads.ts";
import { ENQUIRY_TEXTS } from "../support-texts.ts";
import "../support.css";

interface AttachmentPickerProps {
  uploads: readonly AttachmentUpload[];
  /** Why more files cannot be added (too many). */
  limitError: string | null;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
}

/**
 * Pick or drop files for a message: each is uploaded at once with a
 * progress bar, may be removed before sending, and shows the server's
 * reason when it is refused (too large, not an allowed type).
 */
export function AttachmentPicker({
  uploads,
  limitError,
  onAdd,
  onRemove,
  disabled = false,
}: AttachmentPickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    onAdd([...event.dataTransfer.files]);
  };

  return (
    <div className="attachment-picker">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds to the button beside it, which is the keyboard's way */}
      <div
        className={`attachment-picker__drop${over ? " is-over" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={handleDrop}
      >
        <input
          ref={input}
          id={inputId}
          className="attachment-picker__input"
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          aria-label={ENQUIRY_TEXTS.attachments}
          disabled={disabled}
          onChange={(event) => {
            onAdd([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
        <Button
          variant="secondary"
          icon="upload"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {ENQUIRY_TEXTS.pickFiles}
        </Button>
        <span className="muted">{ENQUIRY_TEXTS.dropFiles}</span>
        <span className="attachment-picker__hint">{ENQUIRY_TEXTS.attachHint}</span>
      </div>
      {limitError && (
        <p className="form__error" role="alert">
          {limitError}
        </p>
      )}
      {uploads.length > 0 && (
        <ul className="attachment-picker__list" aria-label={ENQUIRY_TEXTS.attachments}>
          {uploads.map((upload) => (
            <li key={upload.key} className="attachment-picker__item">
              <span className="attachment-picker__name" title={upload.name}>
                {upload.name}
              </span>
              <Button
                variant="ghost"
                icon="close"
                aria-label={ENQUIRY_TEXTS.removeAttachment(upload.name)}
                onClick={() => onRemove(upload.key)}
              />
              {upload.status === "uploading" && (
                <progress
                  max={100}
                  value={Math.round(upload.progress * 100)}
                  aria-label={`Загрузка ${upload.name}`}
                />
              )}
              {upload.status === "failed" && (
                <p className="attachment-picker__error" role="alert">
                  {upload.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
