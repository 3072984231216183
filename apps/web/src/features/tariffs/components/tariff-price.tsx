import type { Tariff } from "@fonika/shared";
import { formatRoubles } from "../../../lib/format.ts";

/** The monthly price, with the base price struck through beside it when it is higher. */
export function TariffPrice({ tariff }: { tariff: Pick<Tariff, "price" | "basePrice"> }) {
  const discounted = tariff.basePrice > tariff.price;
  return (
    <p className="tariff-price">
      <span className="tariff-price__now">{formatRoubles(tariff.price)}</span>
      <span className="tariff-price__period"> в месяц</span>
      {discounted && (
        <>
          {" "}
          <span className="visually-hidden">Цена без скидки:</span>
          <s className="tariff-price__base">{formatRoubles(tariff.basePrice)}</s>
        </>
      )}
    </p>
  );
}
