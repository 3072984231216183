import { Button } from "../../../components/ui/button.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { formatSizeMb } from "../../../lib/format.ts";
import {
  type UploadItem,
  type UploadQueue,
  type UploadStatus,
  uploadHeadline,
  useUploadQueueState,
} from "../hooks/upload-queue.ts";
import "./upload-panel.css";
import "../vault.css";

const STATUS_TEXT: Record<UploadStatus, string> = {
  waiting: "В очереди",
  uploading: "Загружается",
  registering: "Добавляется",
  done: "Готово",
  failed: "Ошибка",
  cancelled: "Отменено",
};

function statusText(item: UploadItem): string {
  if (item.status === "done" && item.alreadyInLibrary) return "Готово: уже был в библиотеке";
  return STATUS_TEXT[item.status];
}

/**
 * The progress of the upload queue (SPEC.md §4): 'N из M' for the batch, a
 * bar per file, and each failure with the server's reason.
 */
export function UploadPanel({ queue }: { queue: UploadQueue }) {
  const state = useUploadQueueState(queue);
  if (state.items.length === 0) return null;
  const failed = state.items.filter((item) => item.status === "failed").length;
  return (
    <section className="upload-panel" aria-label="Загрузка треков">
      <header className="upload-panel__header">
        <p className="upload-panel__headline" aria-live="polite">
          {uploadHeadline(state)}
        </p>
        {state.running ? (
          <Button variant="ghost" onClick={queue.cancel}>
            Отменить
          </Button>
        ) : (
          <Button variant="ghost" onClick={queue.clear}>
            Закрыть
          </Button>
        )}
      </header>
      {!state.running && failed > 0 && (
        <p className="upload-panel__summary">Не загружено: {failed}</p>
      )}
      <ul className="upload-panel__list">
        {state.items.map((item) => (
          <li
            key={item.id}
            className={`upload-panel__item upload-panel__item--${item.status}`}
            aria-label={item.file.name}
          >
            <div className="upload-panel__row">
              <Icon
                name={
                  item.status === "failed" ? "alert" : item.status === "done" ? "check" : "music"
                }
                size={16}
              />
              <span className="upload-panel__name" title={item.file.name}>
                {item.file.name}
              </span>
              <span className="upload-panel__status">{statusText(item)}</span>
            </div>
            {(item.status === "uploading" || item.status === "registering") && (
              <progress
                className="upload-panel__bar"
                aria-label={`Загрузка ${item.file.name}`}
                max={item.total || 1}
                value={item.loaded}
              />
            )}
            {item.status === "waiting" && (
              <span className="upload-panel__meta">
                {formatSizeMb(item.file.size)} → {item.target.name}
              </span>
            )}
            {item.error && (
              <span className="upload-panel__error" role="alert">
                {item.error}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
