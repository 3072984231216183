import { type ReactNode, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useMobileLayout } from "../layouts/use-mobile-layout.ts";
import { DialogPanel } from "./dialog-panel.tsx";
import "./sheet.css";
import { useDialogFocus } from "./use-dialog-focus.ts";

/** The gap between the panel and what it opens from, and the screen's edges. */
const GAP = 8;
const EDGE = 16;

interface SheetProps {
  title: string;
  /** What it opens from (the button pressed): on a wide screen the panel is placed beside it. */
  anchor: HTMLElement | null;
  onClose: () => void;
  children: ReactNode;
}

/**
 * Places `panel` under `anchor` (over it when only there it fits), in the
 * page's coordinates so that it scrolls with what it belongs to, its right
 * edge under the anchor's when it is wider, and never past the screen's sides.
 */
function placeBeside(panel: HTMLElement, anchor: HTMLElement) {
  const box = anchor.getBoundingClientRect();
  const width = panel.offsetWidth;
  const height = panel.offsetHeight;
  const screenWidth = document.documentElement.clientWidth || window.innerWidth;
  const below = box.bottom + GAP;
  const above = box.top - GAP - height;
  const fitsBelow = below + height <= window.innerHeight - EDGE;
  const top = !fitsBelow && above >= EDGE ? above : below;
  const left = Math.min(
    Math.max(EDGE, box.left + width > screenWidth - EDGE ? box.right - width : box.left),
    Math.max(EDGE, screenWidth - EDGE - width),
  );
  panel.style.top = `${top + window.scrollY}px`;
  panel.style.left = `${left + window.scrollX}px`;
}

/**
 * A dialog that opens where it was asked for, never at the top or the foot
 * of a long page: in the mobile layout (below 1024 px) a sheet rising from
 * the bottom of the screen, within the thumb's reach, over a dimmed page; on
 * a wide screen a panel beside the element it opens from. Named by its
 * title; closed by Escape, «Закрыть» or a press outside it.
 */
export function Sheet({ title, anchor, onClose, children }: SheetProps) {
  const mobile = useMobileLayout();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(dialogRef, onClose);
  const beside = !mobile && anchor !== null;

  useLayoutEffect(() => {
    const panel = dialogRef.current;
    if (!beside || !panel || !anchor) return;
    const place = () => placeBeside(panel, anchor);
    place();
    // A panel opened low on the screen is brought into view whole.
    panel.scrollIntoView?.({ block: "nearest" });
    window.addEventListener("resize", place);
    const resized = typeof ResizeObserver === "function" ? new ResizeObserver(place) : null;
    resized?.observe(panel);
    return () => {
      window.removeEventListener("resize", place);
      resized?.disconnect();
    };
  }, [beside, anchor]);

  const kind = beside ? "beside" : "bottom";
  return createPortal(
    <>
      {/* A press outside closes it (a click, so the press never lands on the page beneath); Escape and «Закрыть» do so for keyboards. */}
      <div
        className={`sheet__backdrop sheet__backdrop--${kind}`}
        onClick={onClose}
        aria-hidden="true"
      />
      <DialogPanel
        block="sheet"
        className={`sheet sheet--${kind}`}
        panelRef={dialogRef}
        title={title}
        onClose={onClose}
      >
        {children}
      </DialogPanel>
    </>,
    document.body,
  );
}
