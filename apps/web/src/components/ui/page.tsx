import type { ReactNode } from "react";
import "./page.css";

interface PageProps {
  title: string;
  /** A line under the title explaining what the page is for. */
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of a screen inside the layout: its title, actions and content. */
export function Page({ title, description, actions, children }: PageProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <div>
          <h1 className="page__title" id="page-title">
            {title}
          </h1>
          {description && <p className="page__description">{description}</p>}
        </div>
        {actions && <div className="page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

interface SectionProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled card within a page. */
export function Section({ title, actions, children }: SectionProps) {
  return (
    <section className="card">
      <header className="card__header">
        <h2 className="card__title">{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}
