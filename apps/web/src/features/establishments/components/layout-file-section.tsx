import { ESTABLISHMENTS, type Establishment } from "@fonika/shared";
import { type MouseEvent, useId, useMemo, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Section } from "../../../components/ui/page.tsx";
import type { UploadProgress } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDateTime, formatSizeMb } from "../../../lib/format.ts";
import { useAddLayoutFile } from "../api/add-layout-file.ts";
import { useDeleteLayoutFile } from "../api/delete-layout-file.ts";
import { layoutFileUrl } from "../api/get-layout-file.ts";
import "../establishments.css";

const LAYOUT_TYPES: readonly string[] = ESTABLISHMENTS.layoutTypes;
/** For systems that give a file no media type: the extensions of the same kinds. */
const LAYOUT_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".pdf"];
const MAX_BYTES = ESTABLISHMENTS.maxLayoutMb * 1024 * 1024;

export const LAYOUT_TYPE_MESSAGE = "Подойдёт изображение JPEG, PNG или WebP либо PDF";
export const LAYOUT_SIZE_MESSAGE = `Файл больше ${ESTABLISHMENTS.maxLayoutMb} МБ`;

/** Why a chosen file cannot be a floor plan, or null when it may be sent. */
export function layoutFileProblem(file: File): string | null {
  const typed = file.type
    ? LAYOUT_TYPES.includes(file.type)
    : LAYOUT_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));
  if (!typed) return LAYOUT_TYPE_MESSAGE;
  if (file.size > MAX_BYTES) return LAYOUT_SIZE_MESSAGE;
  return null;
}

interface LayoutFileSectionProps {
  establishment: Establishment;
  /** The API's userId: the establishment's client. */
  ownerId: string;
}

/**
 * The floor plan of an establishment: an image shown in place or a PDF to
 * open; those who may edit upload (with progress), replace and delete it.
 */
export function LayoutFileSection({ establishment, ownerId }: LayoutFileSectionProps) {
  const api = useApiClient();
  const inputId = useId();
  const { id, layoutFile, abilities } = establishment;
  const addLayout = useAddLayoutFile(ownerId, id);
  const deleteLayout = useDeleteLayoutFile(ownerId, id);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [chosenName, setChosenName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const uploadedAt = layoutFile?.uploadedAt;
  /** The plan's address with the token of this moment; none while signed out. */
  const freshUrl = (): string | undefined => {
    try {
      return layoutFileUrl(api, ownerId, id);
    } catch {
      return undefined;
    }
  };
  // One address per stored plan: a token refresh must not reload the image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new plan has a new uploadedAt.
  const imageUrl = useMemo(
    () =>
      layoutFile && layoutFile.contentType !== "application/pdf" ? (freshUrl() ?? null) : null,
    [api, ownerId, id, uploadedAt],
  );

  /** A link opened later needs the token of that moment. */
  const refreshHref = (event: MouseEvent<HTMLAnchorElement>) => {
    const url = freshUrl();
    if (url) event.currentTarget.href = url;
  };

  const upload = (file: File) => {
    const refused = layoutFileProblem(file);
    setChosenName(file.name);
    setProblem(refused);
    if (refused) return;
    setProgress({ loaded: 0, total: file.size });
    addLayout.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(layoutFile ? "План заменён" : "План загружен");
          setChosenName(null);
        },
        onError: (failure) => setProblem(errorText(failure)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const handleDelete = () => {
    deleteLayout.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success("План удалён");
      },
      onError: (failure) => {
        setConfirming(false);
        toast.error(errorText(failure));
      },
    });
  };

  const busy = addLayout.isPending || deleteLayout.isPending;
  const accept = [...LAYOUT_TYPES, ...LAYOUT_EXTENSIONS].join(",");

  return (
    <Section title="План заведения">
      <div className="layout-file">
        {layoutFile ? (
          <div className="layout-file__current">
            {imageUrl ? (
              <a
                className="layout-file__preview"
                href={imageUrl}
                target="_blank"
                rel="noreferrer"
                onClick={refreshHref}
              >
                <img src={imageUrl} alt={`План заведения: ${layoutFile.name}`} />
              </a>
            ) : (
              <span className="layout-file__preview layout-file__preview--pdf" aria-hidden="true">
                PDF
              </span>
            )}
            <div className="layout-file__facts">
              <a
                className="layout-file__name"
                href={freshUrl()}
                target="_blank"
                rel="noreferrer"
                onClick={refreshHref}
              >
                {layoutFile.contentType === "application/pdf" ? "Открыть PDF" : "Открыть план"}
              </a>
              <span className="muted">
                {layoutFile.name} · {formatSizeMb(layoutFile.size)} · загружен{" "}
                {formatDateTime(layoutFile.uploadedAt)}
              </span>
            </div>
          </div>
        ) : (
          <EmptyState icon="image" title="План не загружен">
            {abilities.edit
              ? "Загрузите схему зала: по ней удобно расставить плееры и колонки."
              : "Схему зала загружает владелец заведения."}
          </EmptyState>
        )}
        {abilities.edit && (
          <div className="layout-file__controls">
            <div className="layout-file__buttons">
              <label
                htmlFor={inputId}
                className={`button button--secondary button--md${busy ? " is-disabled" : ""}`}
              >
                <Icon name="upload" />
                {layoutFile ? "Заменить план" : "Загрузить план"}
              </label>
              <input
                id={inputId}
                type="file"
                accept={accept}
                className="visually-hidden"
                disabled={busy}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (file) upload(file);
                }}
              />
              {layoutFile && (
                <Button
                  variant="ghost"
                  icon="trash"
                  disabled={busy}
                  onClick={() => setConfirming(true)}
                >
                  Удалить план
                </Button>
              )}
            </div>
            {progress && chosenName ? (
              <div className="layout-file__progress">
                <span>{chosenName}</span>
                <progress
                  aria-label={`Загрузка ${chosenName}`}
                  max={progress.total || 1}
                  value={progress.loaded}
                />
              </div>
            ) : problem ? (
              <p className="form__error" role="alert">
                {chosenName ? `${chosenName}: ` : ""}
                {problem}
              </p>
            ) : (
              <p className="muted layout-file__hint">
                JPEG, PNG, WebP или PDF, до {ESTABLISHMENTS.maxLayoutMb} МБ. Новый файл заменит
                прежний.
              </p>
            )}
          </div>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Удалить план?"
          confirmLabel="Удалить"
          tone="danger"
          busy={deleteLayout.isPending}
          onConfirm={handleDelete}
          onClose={() => setConfirming(false)}
        >
          Файл «{layoutFile?.name}» будет удалён. Загрузить новый план можно в любой момент.
        </ConfirmDialog>
      )}
    </Section>
  );
}
