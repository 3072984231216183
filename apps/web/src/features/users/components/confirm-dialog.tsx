import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Danger for what cannot be undone. */
  tone?: "primary" | "danger";
  busy: boolean;
  /** The server's refusal, shown above the buttons. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action on an account (delete, block, unblock). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
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
            Отмена
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
