import type { ButtonHTMLAttributes } from "react";
import { Icon, type IconName } from "./icon.tsx";

interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "type" | "aria-label"> {
  icon: IconName;
  /** What it does, read out and shown as its name (`aria-label`). */
  label: string;
  /** It removes or deletes something. */
  danger?: boolean;
}

/** A small button that is only an icon, in a row of a list or table. */
export function IconButton({ icon, label, danger = false, className, ...props }: IconButtonProps) {
  const classes = [
    "icon-button",
    "icon-button--small",
    danger ? "icon-button--danger" : "",
    className,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <button type="button" className={classes} aria-label={label} {...props}>
      <Icon name={icon} size={16} />
    </button>
  );
}
