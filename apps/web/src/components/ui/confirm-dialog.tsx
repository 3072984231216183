import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { Modal } from "./modal.tsx";

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that changes nothing; 'Отмена' unless the action's own words read better. */
  cancelLabel?: string;
  /** Danger for what cannot be undone. */
  tone?: "primary" | "danger";
  busy: boolean;
  /** The server's refusal, shown above the buttons. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that is hard to undo (delete, block, end), showing the server's refusal. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = "Отмена",
  tone = "primary",
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} busy={busy} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="modal__lead">{children}</div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
