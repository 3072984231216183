import { type ReactNode, useRef } from "react";
import { createPortal } from "react-dom";
import { DialogPanel } from "./dialog-panel.tsx";
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
      <DialogPanel
        block="modal"
        className={`modal modal--${size}`}
        panelRef={dialogRef}
        title={title}
        onClose={onClose}
        footer={footer}
      >
        {children}
      </DialogPanel>
    </div>,
    document.body,
  );
}
