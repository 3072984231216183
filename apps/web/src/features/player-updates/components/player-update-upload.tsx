import { PLAYER_UPDATES, updateNameFromFileName, versionInFileName } from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Section } from "../../../components/ui/page.tsx";
import type { UploadProgress } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatSizeMb } from "../../../lib/format.ts";
import { useUploadPlayerUpdate } from "../api/upload-player-update.ts";
import { type MetaFieldErrors, type MetaFormValues, metaInputOf } from "../meta-form.ts";
import { FirmwareMetaFields } from "./firmware-meta-fields.tsx";
import "../player-updates.css";

const MAX_BYTES = PLAYER_UPDATES.maxFileMb * 1024 * 1024;
export const FIRMWARE_EMPTY_MESSAGE = "Файл пустой";
export const FIRMWARE_SIZE_MESSAGE = `Файл больше ${PLAYER_UPDATES.maxFileMb} МБ`;

/** Why a chosen file cannot be sent as firmware, or null when it may be. */
export function firmwareFileProblem(file: File): string | null {
  if (file.size === 0) return FIRMWARE_EMPTY_MESSAGE;
  if (file.size > MAX_BYTES) return FIRMWARE_SIZE_MESSAGE;
  return null;
}

/**
 * «Новая прошивка»: choose a firmware file, check the name and version its
 * file name suggests, and upload it with progress.
 */
export function PlayerUpdateUpload() {
  const inputId = useId();
  const formId = useId();
  const upload = useUploadPlayerUpdate();
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<MetaFormValues>({ name: "", version: "" });
  const [errors, setErrors] = useState<MetaFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending;

  const choose = (chosen: File) => {
    const refused = firmwareFileProblem(chosen);
    setProblem(refused ? `${chosen.name}: ${refused}` : null);
    setSubmitted(false);
    setErrors({});
    if (refused) {
      setFile(null);
      return;
    }
    setFile(chosen);
    setValues({
      name: updateNameFromFileName(chosen.name, PLAYER_UPDATES.nameMax),
      version: versionInFileName(chosen.name) ?? "",
    });
  };

  const set = (field: keyof MetaFormValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const reset = () => {
    setFile(null);
    setProblem(null);
    setSubmitted(false);
    setErrors({});
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setSubmitted(true);
    const result = metaInputOf(values);
    if (!result.input) {
      setErrors(result.errors);
      return;
    }
    setProblem(null);
    setProgress({ loaded: 0, total: file.size });
    upload.mutate(
      { file, meta: result.input, onProgress: setProgress },
      {
        onSuccess: (update) => {
          toast.success(`Обновление «${update.name}» ${update.version} загружено`);
          reset();
        },
        onError: (failure) => setProblem(errorText(failure)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const percent = progress?.total ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <Section title="Новая прошивка">
      <div className="player-update-upload">
        <div className="player-update-upload__choose">
          <label
            htmlFor={inputId}
            className={`button button--secondary button--md${busy ? " is-disabled" : ""}`}
          >
            <Icon name="upload" />
            {file ? "Выбрать другой файл" : "Выбрать файл прошивки"}
          </label>
          <input
            id={inputId}
            type="file"
            className="visually-hidden"
            disabled={busy}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = "";
              if (chosen) choose(chosen);
            }}
          />
          {file ? (
            <span className="player-update-upload__file">
              {file.name} · {formatSizeMb(file.size)}
            </span>
          ) : (
            <span className="muted">
              Файл прошивки бокс-плеера, до {PLAYER_UPDATES.maxFileMb} МБ. Название и версию
              подскажет имя файла.
            </span>
          )}
        </div>
        {file && (
          <form id={formId} className="form player-update-form" onSubmit={handleSubmit} noValidate>
            <FirmwareMetaFields
              values={values}
              errors={errors}
              submitted={submitted}
              set={set}
              disabled={busy}
            />
            <div className="player-update-form__buttons">
              <Button type="submit" busy={busy}>
                Загрузить
              </Button>
              <Button variant="secondary" onClick={reset} disabled={busy}>
                Отмена
              </Button>
            </div>
          </form>
        )}
        {progress && file && (
          <div className="player-update-upload__progress">
            <progress
              aria-label={`Загрузка ${file.name}`}
              max={progress.total || 1}
              value={progress.loaded}
            />
            <span>{percent} %</span>
          </div>
        )}
        {problem && (
          <p className="form__error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </Section>
  );
}
