import { TARIFFS } from "@fonika/shared";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TARIFF_TYPE_LABELS, TariffTypeIcon } from "./tariff-type-icon.tsx";

describe("tariff tiers", () => {
  it("have a Russian name each, none of them the Latin one", () => {
    expect(TARIFFS.types.map((type) => TARIFF_TYPE_LABELS[type])).toEqual([
      "Старт",
      "Базовый",
      "Профи",
    ]);
    for (const type of TARIFFS.types) {
      expect(TARIFF_TYPE_LABELS[type]).toMatch(/^[А-ЯЁ][а-яё]+$/);
    }
  });

  it("show the Russian name on the icon and beside it", () => {
    render(<TariffTypeIcon type="pro" withLabel />);
    expect(screen.getByRole("img", { name: "Тариф Профи" })).toBeTruthy();
    expect(screen.getByText("Профи")).toBeTruthy();
    expect(screen.queryByText(/Pro/)).toBeNull();
  });
});
