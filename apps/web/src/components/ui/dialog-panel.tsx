import { type ReactNode, type RefObject, useId } from "react";
import { Icon } from "./icon.tsx";

interface DialogPanelProps {
  /** The CSS block it is drawn by (`modal`, `sheet`): its header, title, close, body and footer. */
  block: "modal" | "sheet";
  /** The panel's own classes (the block with its modifier). */
  className: string;
  /** The panel, for the focus it keeps inside (useDialogFocus) and where it is placed. */
  panelRef: RefObject<HTMLDivElement | null>;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The dialog itself, as Modal and Sheet draw it: named by its title, with
 * «Закрыть» in its header, its content, and the buttons at its foot.
 */
export function DialogPanel({
  block,
  className,
  panelRef,
  title,
  onClose,
  children,
  footer,
}: DialogPanelProps) {
  const titleId = useId();
  return (
    <div
      ref={panelRef}
      className={className}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <header className={`${block}__header`}>
        <h2 className={`${block}__title`} id={titleId}>
          {title}
        </h2>
        <button type="button" className={`${block}__close`} aria-label="Закрыть" onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <div className={`${block}__body`}>{children}</div>
      {footer && <footer className={`${block}__footer`}>{footer}</footer>}
    </div>
  );
}
