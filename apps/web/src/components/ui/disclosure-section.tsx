import { type ReactNode, useId, useState } from "react";
import { useMobileLayout } from "../layouts/use-mobile-layout.ts";
import { Icon } from "./icon.tsx";
import "./disclosure-section.css";

const STORAGE_PREFIX = "fonika.section.";

function rememberedOpen(name: string): boolean | null {
  try {
    const value = window.localStorage.getItem(STORAGE_PREFIX + name);
    return value === "open" ? true : value === "closed" ? false : null;
  } catch {
    // Storage refused (a private window, a full quota): the screen's width decides.
    return null;
  }
}

function rememberOpen(name: string, open: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + name, open ? "open" : "closed");
  } catch {
    // Not kept: the section still opens and closes for this visit.
  }
}

interface DisclosureSectionProps {
  title: string;
  /**
   * The name the reader's choice is kept under on this device (localStorage),
   * shared by every page that shows the same kind of section.
   */
  rememberAs: string;
  /** What the section holds, said in one line beside its title while it is closed. */
  summary?: ReactNode;
  /** The header's buttons, shown while the section is open. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A titled card whose body folds away: open on a wide screen, closed in the
 * mobile layout (below 1024 px), until the reader opens or closes it — then
 * as they left it, on this device. The title is the button (a disclosure
 * inside the section's heading). The body is drawn the first time it opens
 * and kept after, so what was typed or loaded in it stays; the open state is
 * known at the first render, so nothing jumps when the page appears.
 */
export function DisclosureSection({
  title,
  rememberAs,
  summary,
  actions,
  children,
}: DisclosureSectionProps) {
  const mobile = useMobileLayout();
  const bodyId = useId();
  const [chosen, setChosen] = useState(() => rememberedOpen(rememberAs));
  const open = chosen ?? !mobile;
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);

  const toggle = () => {
    rememberOpen(rememberAs, !open);
    setChosen(!open);
  };

  return (
    <section className={`card disclosure${open ? " is-open" : ""}`}>
      <header className="card__header disclosure__header">
        <h2 className="card__title disclosure__title">
          <button
            type="button"
            className="disclosure__toggle"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={toggle}
          >
            <Icon name="chevron-down" className="disclosure__chevron" />
            <span>{title}</span>
          </button>
        </h2>
        {open ? actions : summary && <span className="disclosure__summary">{summary}</span>}
      </header>
      <div id={bodyId} className="disclosure__body" hidden={!open}>
        {drawn && children}
      </div>
    </section>
  );
}
