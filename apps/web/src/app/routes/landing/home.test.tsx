import { tariffsApi } from "@fonika/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { on, replyError, scriptedServer } from "../../../test/scripted-server.ts";
import {
  buildOfferedTariff,
  buildTariffFeature,
  buildTariffItem,
} from "../../../test/tariffs-factories.ts";

async function tariffsSection() {
  return screen.findByRole("region", { name: "Тарифы" });
}

describe("the landing page's tariffs", () => {
  it("shows the active tariffs with their Russian tier, price and contents, to a visitor", async () => {
    const start = buildOfferedTariff({
      type: "lite",
      name: "Кофейня",
      description: "Для одного зала",
      price: 990,
      basePrice: 1290,
      benefits: ["Без рекламы"],
      features: [
        buildTariffFeature({
          name: "Оформление",
          items: [
            buildTariffItem({ name: "Голосовые объявления" }),
            buildTariffItem({ name: "Джинглы" }),
          ],
        }),
      ],
      playlists: [{ id: "00000000-0000-4000-8000-00000000a001", name: "Утренний джаз" }],
    });
    const chain = buildOfferedTariff({ type: "pro", name: "Сеть", price: 4990, basePrice: 4990 });
    // A visitor: no session is stored, and the call needs none.
    renderApp(
      "/",
      scriptedServer(
        on(tariffsApi.listOfferedTariffs, ({ reply }) => reply({ data: [start, chain] })),
      ),
    );
    const section = await tariffsSection();
    expect(await within(section).findByRole("heading", { level: 3, name: "Кофейня" })).toBeTruthy();
    expect(within(section).getByRole("heading", { level: 3, name: "Сеть" })).toBeTruthy();
    expect(within(section).getByText("Старт")).toBeTruthy();
    expect(within(section).getByText("Профи")).toBeTruthy();
    expect(within(section).getByText("Для одного зала")).toBeTruthy();
    expect(within(section).getByText("990 ₽")).toBeTruthy();
    expect(within(section).getByText("1 290 ₽").tagName).toBe("S");
    expect(within(section).getByText("Без рекламы")).toBeTruthy();
    const contents = within(section).getByRole("list", { name: "Что входит в тариф Кофейня" });
    expect(contents.textContent).toContain("Оформление: Голосовые объявления, Джинглы");
    expect(contents.textContent).toContain("Плейлисты: Утренний джаз");
    expect(
      within(section)
        .getByRole("link", { name: "Оставить заявку на тариф Сеть" })
        .getAttribute("href"),
    ).toBe("#lead");
    // No empty Latin badges any more.
    expect(within(section).queryByText(/^(Lite|Basic|Pro)$/)).toBeNull();
  });

  it("asks for a request while no tariff is on offer", async () => {
    renderApp(
      "/",
      scriptedServer(on(tariffsApi.listOfferedTariffs, ({ reply }) => reply({ data: [] }))),
    );
    const section = await tariffsSection();
    expect(await within(section).findByText("Тарифы скоро появятся")).toBeTruthy();
  });

  it("says so when the tariffs do not load", async () => {
    renderApp(
      "/",
      scriptedServer(
        on(tariffsApi.listOfferedTariffs, () =>
          replyError(500, {
            type: "internal-error",
            reason: "Что-то пошло не так",
            message: "boom",
          }),
        ),
      ),
    );
    const section = await tariffsSection();
    expect(await within(section).findByText("Не удалось загрузить тарифы")).toBeTruthy();
  });
});
