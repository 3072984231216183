import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useHydrated } from "../../lib/hydration.ts";
import { Icon, type IconName } from "./icon.tsx";
import "./button.css";

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: "primary" | "secondary" | "ghost" | "danger";
  size?: "md" | "lg";
  icon?: IconName;
  /** Shows a spinner and blocks clicks while an action runs. */
  busy?: boolean;
  children?: ReactNode;
}

export function Button({
  variant = "primary",
  size = "md",
  icon,
  busy = false,
  disabled,
  className,
  children,
  type = "button",
  ...native
}: ButtonProps) {
  // In a prerendered page's HTML every button waits for the app (lib/hydration.ts): a submit
  // would be sent by the browser as a page load, and any other click would do nothing.
  const waiting = !useHydrated();
  return (
    <button
      {...native}
      type={type}
      className={`button button--${variant} button--${size}${className ? ` ${className}` : ""}`}
      disabled={disabled || busy || waiting}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <span className="spinner spinner--small" aria-hidden="true" />
      ) : (
        icon && <Icon name={icon} />
      )}
      {children}
    </button>
  );
}
