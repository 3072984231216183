import "./status-chip.css";

/** The chip tones of status-chip.css: good, waiting, bad; no tone is neutral. */
export type ChipTone = "active" | "pending" | "blocked";

/** A short status word in a chip, coloured by its tone. */
export function StatusChip({ label, tone }: { label: string; tone?: ChipTone | undefined }) {
  return <span className={tone ? `chip chip--${tone}` : "chip"}>{label}</span>;
}
