import type { TariffRef } from "@fonika/shared";

/** What a playlist that no tariff holds is marked with: no venue plays it. */
export const IN_NO_TARIFF = "Ни в одном тарифе";

/**
 * The tariffs that hold a playlist, as the content manager reads them
 * beside it (the server sends them by name): «Базовый, Про (не в
 * продаже)», or «Ни в одном тарифе».
 */
export function tariffNamesText(tariffs: readonly TariffRef[]): string {
  if (tariffs.length === 0) return IN_NO_TARIFF;
  return tariffs
    .map((tariff) => (tariff.active ? tariff.name : `${tariff.name} (не в продаже)`))
    .join(", ");
}
