import "./logo.css";

/** The Фоника word mark with its note sign. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={`logo${inverted ? " logo--inverted" : ""}`}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
        <path
          d="M12 22.5a3.5 3.5 0 1 1-2-3.16V9l12-2.5v12a3.5 3.5 0 1 1-2-3.16V10.1l-8 1.66z"
          fill="#fff"
        />
      </svg>
      <span className="logo__text">Фоника</span>
    </span>
  );
}
