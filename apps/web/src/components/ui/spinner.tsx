import "./spinner.css";

interface SpinnerProps {
  label?: string;
}

/** A centred spinner for a screen that is still loading. */
export function Spinner({ label = "Загрузка…" }: SpinnerProps) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
