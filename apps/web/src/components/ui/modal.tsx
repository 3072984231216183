import { type ReactNode, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { Icon } from "./icon.tsx";
import { useDialogFocus } from "./use-dialog-focus.ts";
import "./modal.css";

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom. */
  footer?: ReactNode;
  /** Wider dialogs for lists. */
  size?: "md" | "lg";
}

/**
 * A modal dialog over the page: named by its title, closed by Escape, the
 * close button or a click outside; focus moves into it, stays inside while
 * it is open and goes back where it was when it closes.
 */
export function Modal({ title, onClose, children, footer, size = "md" }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(dialogRef, onClose);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop closes the dialog; Escape and 'Закрыть' do so for keyboards.
    <div
      className="modal__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Закрыть" onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
