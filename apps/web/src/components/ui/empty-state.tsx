import type { ReactNode } from "react";
import { Icon, type IconName } from "./icon.tsx";
import "./empty-state.css";

interface EmptyStateProps {
  icon: IconName;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** What a list or section shows while it has nothing in it. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__text">{children}</div>}
      {action}
    </div>
  );
}
