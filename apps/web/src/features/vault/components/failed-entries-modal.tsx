import type { ConflictPolicy, FailedEntry } from "@fonika/shared";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";

/** The operation whose rows failed (SPEC.md §4: move, copy or add). */
export type FailedAction = "move" | "copy" | "add";

export const FAILED_ACTION_LABELS: Record<FailedAction, string> = {
  move: "Перенос",
  copy: "Копирование",
  add: "Добавление",
};

/** Failures a conflict policy can settle: the target holds one of the same name or song. */
export function isConflict(failed: FailedEntry): boolean {
  return failed.type === "duplicate-entry-error";
}

interface FailedEntriesModalProps {
  action: FailedAction;
  failed: readonly FailedEntry[];
  /** Runs the action again for the conflicting rows with a policy; absent: no retry. */
  onRetry?: (policy: Exclude<ConflictPolicy, "nothing">) => void;
  busy?: boolean;
  onClose: () => void;
}

/**
 * The rows a move, copy or add could not do (SPEC.md §4), each tagged with
 * the action and the server's reason. When some failed only because the
 * target already holds one of the same name, 'Заменить' (overwrite) and
 * 'Оставить оба' (keep both) run the action again for those rows.
 */
export function FailedEntriesModal({
  action,
  failed,
  onRetry,
  busy = false,
  onClose,
}: FailedEntriesModalProps) {
  const conflicts = failed.filter(isConflict).length;
  return (
    <Modal
      title="Не всё удалось выполнить"
      onClose={onClose}
      size="lg"
      footer={
        <>
          {onRetry && conflicts > 0 && (
            <>
              <Button busy={busy} onClick={() => onRetry("overwrite")}>
                Заменить
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => onRetry("both")}>
                Оставить оба
              </Button>
            </>
          )}
          <Button variant="ghost" onClick={onClose}>
            Закрыть
          </Button>
        </>
      }
    >
      <p className="modal__lead">
        {conflicts > 0 && onRetry
          ? "Там, куда вы их помещаете, уже есть объекты с такими названиями. Замените их или оставьте оба — новые получат номер в названии."
          : "Эти объекты остались на своих местах."}
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Невыполненные действия</caption>
          <thead>
            <tr>
              <th scope="col">Название</th>
              <th scope="col">Действие</th>
              <th scope="col">Причина</th>
            </tr>
          </thead>
          <tbody>
            {failed.map((entry) => (
              <tr key={`${entry.entryId}-${entry.type}`}>
                <td data-label="Название">{entry.name ?? "—"}</td>
                <td data-label="Действие">
                  <span className={`chip chip--action-${action}`}>
                    {FAILED_ACTION_LABELS[action]}
                  </span>
                </td>
                <td data-label="Причина">{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
