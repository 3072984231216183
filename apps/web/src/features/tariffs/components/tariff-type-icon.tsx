import type { TariffType } from "@fonika/shared";
import "../tariffs.css";

/**
 * The Russian names of the tariff tiers (SPEC.md §1 names them lite, basic
 * and pro, as icons only; a client reads Russian everywhere, issue 17).
 */
export const TARIFF_TYPE_LABELS: Record<TariffType, string> = {
  lite: "Старт",
  basic: "Базовый",
  pro: "Профи",
};

/** Bars rising with the tier: one for lite, two for basic, three for pro. */
const BARS: Record<TariffType, number> = { lite: 1, basic: 2, pro: 3 };

interface TariffTypeIconProps {
  type: TariffType;
  /** Show the type's name beside the icon. */
  withLabel?: boolean;
  size?: number;
}

/** The lite, basic or pro icon of a tariff. */
export function TariffTypeIcon({ type, withLabel = false, size = 40 }: TariffTypeIconProps) {
  const bars = BARS[type];
  return (
    <span className={`tariff-type tariff-type--${type}`}>
      <svg
        className="tariff-type__icon"
        width={size}
        height={size}
        viewBox="0 0 40 40"
        role="img"
        aria-label={`Тариф ${TARIFF_TYPE_LABELS[type]}`}
      >
        <rect width="40" height="40" rx="12" className="tariff-type__plate" />
        {[0, 1, 2].map((index) => (
          <rect
            key={index}
            x={9 + index * 8}
            y={26 - index * 6}
            width="6"
            height={6 + index * 6}
            rx="2"
            className={index < bars ? "tariff-type__bar is-on" : "tariff-type__bar"}
          />
        ))}
      </svg>
      {withLabel && <span className="tariff-type__label">{TARIFF_TYPE_LABELS[type]}</span>}
    </span>
  );
}
