import { playlistsApi, type TariffInput, tariffsApi } from "@fonika/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildPlaylist } from "../../../test/library-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import {
  buildTariff,
  buildTariffFeature,
  buildTariffItem,
} from "../../../test/tariffs-factories.ts";

/** The field's message line (under the labelled control). */
function messageOf(label: string): string {
  const control = screen.getByLabelText(label);
  const id = control.getAttribute("aria-describedby") ?? "";
  return document.getElementById(id)?.textContent ?? "";
}

describe("the tariff form (/create-tariff)", () => {
  it("checks the tariff as the API does, then creates it with features, items, benefits and playlists", async () => {
    const jazz = buildPlaylist({ name: "Утренний джаз" });
    const sent: TariffInput[] = [];
    const app = renderSignedIn(
      "role-admin",
      "/create-tariff",
      on(playlistsApi.listPlaylists, ({ query, reply }) => {
        expect(query.get("text")).toBe("джаз");
        return reply({ data: [jazz], total: 1, totalPages: 1 });
      }),
      on(tariffsApi.addTariff, ({ body, reply }) => {
        sent.push(body);
        return reply(buildTariff({ name: body.name }));
      }),
      on(tariffsApi.listAllTariffs, ({ reply }) => reply({ data: [] })),
    );
    await userEvent.click(await screen.findByRole("radio", { name: /Профи/ }));
    await userEvent.type(screen.getByLabelText("Цена в месяц, ₽"), "2500");
    await userEvent.type(screen.getByLabelText("Базовая цена, ₽"), "1990,555");
    await userEvent.click(screen.getByRole("button", { name: "Добавить функцию" }));
    await userEvent.click(screen.getByRole("button", { name: "Создать тариф" }));

    expect(await screen.findByText("Проверьте поля, отмеченные красным")).toBeTruthy();
    expect(messageOf("Название")).toBe("Введите название");
    expect(messageOf("Базовая цена, ₽")).toBe(
      "Цена указывается в рублях, не больше двух знаков после запятой",
    );
    expect(messageOf("Функция 1")).toBe("Введите название");
    expect(sent).toEqual([]);

    const basePrice = screen.getByLabelText("Базовая цена, ₽");
    await userEvent.clear(basePrice);
    await userEvent.type(basePrice, "1990");
    await userEvent.click(screen.getByRole("button", { name: "Создать тариф" }));
    await waitFor(() =>
      expect(messageOf("Цена в месяц, ₽")).toBe("Цена не может быть выше базовой цены"),
    );

    const price = screen.getByLabelText("Цена в месяц, ₽");
    await userEvent.clear(price);
    await userEvent.type(price, "1490,50");
    await userEvent.type(screen.getByLabelText("Название"), "Профи");
    await userEvent.type(screen.getByLabelText("Описание"), "Для ресторанов");
    await userEvent.type(screen.getByLabelText("Функция 1"), "Озвучка");
    await userEvent.click(screen.getByRole("checkbox", { name: "Оплата каждый месяц" }));
    await userEvent.type(screen.getByLabelText("Позиция 1.1"), "Джингл");
    const itemPrice = screen.getAllByLabelText("Цена, ₽")[0] as HTMLElement;
    await userEvent.clear(itemPrice);
    await userEvent.type(itemPrice, "3000");
    await userEvent.click(screen.getByRole("checkbox", { name: "Требует согласования" }));
    await userEvent.click(screen.getByRole("button", { name: "Добавить позицию" }));
    await userEvent.type(screen.getByLabelText("Позиция 1.2"), "Лишняя");
    await userEvent.click(screen.getByRole("button", { name: "Удалить позицию 1.2" }));
    await userEvent.click(screen.getByRole("button", { name: "Добавить преимущество" }));
    await userEvent.type(screen.getByLabelText("Преимущество 1"), "Живой звук");
    await userEvent.type(screen.getByLabelText("Найти плейлист"), "джаз");
    await userEvent.click(
      await screen.findByRole("button", { name: "Добавить плейлист «Утренний джаз»" }),
    );
    expect(screen.getByRole("button", { name: "Убрать плейлист «Утренний джаз»" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Создать тариф" }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          type: "pro",
          name: "Профи",
          description: "Для ресторанов",
          active: true,
          price: 1490.5,
          basePrice: 1990,
          features: [
            {
              name: "Озвучка",
              recurrent: false,
              items: [{ name: "Джингл", approvalRequired: true, price: 3000 }],
            },
          ],
          benefits: ["Живой звук"],
          playlistIds: [jazz.id],
        },
      ]),
    );
    expect(await screen.findByText("Тариф «Профи» создан")).toBeTruthy();
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/all-tariff"));
  });

  it("edits a tariff keeping the ids of its features and items, and shows a taken name", async () => {
    const item = buildTariffItem({ name: "Свой плейлист", price: 500 });
    const feature = buildTariffFeature({ name: "Музыка", items: [item] });
    const tariff = buildTariff({
      name: "Базовый",
      features: [feature],
      abilities: { edit: true, subscribe: true, grantPlaylists: true },
    });
    const sent: TariffInput[] = [];
    renderSignedIn(
      "role-admin",
      `/create-tariff/${tariff.id}`,
      on(tariffsApi.getTariff, ({ reply }) => reply(tariff)),
      on(tariffsApi.changeTariff, ({ params, body }) => {
        expect(params.id).toBe(tariff.id);
        sent.push(body);
        return replyError(409, {
          type: "duplicate-entry-error",
          reason: "Тариф с таким названием уже существует",
          message: "taken",
        });
      }),
    );
    const name = await screen.findByLabelText("Название");
    expect((name as HTMLInputElement).value).toBe("Базовый");
    expect((screen.getByLabelText("Цена в месяц, ₽") as HTMLInputElement).value).toBe("1490");
    await userEvent.clear(name);
    await userEvent.type(name, "Лайт");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() =>
      expect(messageOf("Название")).toBe("Тариф с таким названием уже существует"),
    );
    expect(sent[0]?.name).toBe("Лайт");
    expect(sent[0]?.features).toEqual([
      {
        id: feature.id,
        name: "Музыка",
        recurrent: true,
        items: [{ id: item.id, name: "Свой плейлист", approvalRequired: false, price: 500 }],
      },
    ]);
    expect(screen.getByRole("alert").textContent).toBe("Тариф с таким названием уже существует");
  });
});
