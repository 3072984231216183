import { tariffsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import { buildTariff } from "../../../test/tariffs-factories.ts";

const adminAbilities = { edit: true, subscribe: true, grantPlaylists: true };

describe("the admin's tariffs (/all-tariff)", () => {
  it("lists active and inactive tariffs, searches and sorts them, and opens one to edit", async () => {
    // Not "Базовый": the basic tier's own label is shown beside the name.
    const basic = buildTariff({ name: "Кафе", abilities: adminAbilities });
    const archive = buildTariff({
      type: "lite",
      name: "Архивный",
      active: false,
      price: 500,
      basePrice: 500,
      abilities: { edit: true, subscribe: false, grantPlaylists: true },
    });
    const asked: Array<{ query: string | null; sortBy: string | null }> = [];
    const app = renderSignedIn(
      "role-admin",
      "/all-tariff",
      on(tariffsApi.listAllTariffs, ({ query, reply }) => {
        asked.push({ query: query.get("query"), sortBy: query.get("sortBy") });
        const words = query.get("query");
        const rows = query.get("sortBy") === "price" ? [archive, basic] : [basic, archive];
        return reply({ data: words ? rows.filter((row) => row.name.includes(words)) : rows });
      }),
      on(tariffsApi.getTariff, ({ reply }) => reply(basic)),
    );
    const table = await screen.findByRole("table", { name: "Тарифы" });
    const rowOf = (name: string) => within(table).getByText(name).closest("tr") as HTMLElement;
    await within(table).findByText("Архивный");
    expect(within(rowOf("Архивный")).getByText("Не активен")).toBeTruthy();
    expect(within(rowOf("Кафе")).getByText("Активен")).toBeTruthy();
    expect(within(rowOf("Кафе")).getByText("1 990 ₽")).toBeTruthy();
    expect(asked[0]).toEqual({ query: null, sortBy: "name" });

    await userEvent.selectOptions(screen.getByLabelText("Сортировка"), "price");
    await waitFor(() => expect(app.router.state.location.search).toBe("?sortBy=price"));
    await waitFor(() => expect(asked.at(-1)).toEqual({ query: null, sortBy: "price" }));

    await userEvent.type(screen.getByRole("searchbox", { name: "Поиск тарифов" }), "Каф{Enter}");
    await waitFor(() => expect(within(table).queryByText("Архивный")).toBeNull());
    expect(asked.at(-1)).toEqual({ query: "Каф", sortBy: "price" });

    await userEvent.click(within(table).getByRole("link", { name: "Кафе" }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/create-tariff/${basic.id}`),
    );
  });

  it("invites the admin to create the first tariff", async () => {
    const app = renderSignedIn(
      "role-admin",
      "/all-tariff",
      on(tariffsApi.listAllTariffs, ({ reply }) => reply({ data: [] })),
    );
    expect(await screen.findByText("Тарифов пока нет")).toBeTruthy();
    await userEvent.click(screen.getByRole("link", { name: "Новый тариф" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/create-tariff"));
  });
});
