import { useId } from "react";
import "./toolbar-select.css";

interface ToolbarSelectProps<T extends string> {
  label: string;
  /** The chosen option; undefined is the empty choice when `emptyLabel` is given. */
  value: T | undefined;
  options: readonly T[];
  labels: Record<T, string>;
  /** Offers an empty first choice (a filter that is off), named so. */
  emptyLabel?: string;
  onChange: (value: T | undefined) => void;
}

/** A list toolbar's labelled select: an order, or a filter that may be off. */
export function ToolbarSelect<T extends string>({
  label,
  value,
  options,
  labels,
  emptyLabel,
  onChange,
}: ToolbarSelectProps<T>) {
  const id = useId();
  return (
    <div className="list-toolbar__sort">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value ?? ""}
        onChange={(event) => onChange(options.find((option) => option === event.target.value))}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
