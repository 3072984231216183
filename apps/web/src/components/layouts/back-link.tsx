import { Link } from "react-router";
import { Icon } from "../ui/icon.tsx";

/** Where a screen's back button leads. */
export interface BackTarget {
  label: string;
  to: string;
}

/** The back button in a screen's header. */
export function BackLink({ label, to }: BackTarget) {
  return (
    <Link to={to} className="button button--ghost button--md">
      <Icon name="chevron-left" />
      {label}
    </Link>
  );
}
