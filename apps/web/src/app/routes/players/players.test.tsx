import { MESSAGES, playersApi } from "@fonika/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CLIENT_ID } from "../../../test/establishments-factories.ts";
import { buildPlayer, buildPlayerRequest, onePage } from "../../../test/players-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

describe("a client's players", () => {
  it("groups the players by establishment, each leading to its page", async () => {
    const cafe = { establishmentId: buildPlayer().id, establishmentName: "Кофейня на Лесной" };
    const bar = { establishmentId: buildPlayer().id, establishmentName: "Бар на Садовой" };
    const hall = buildPlayer({ ...cafe, userId: SIGNED_IN_USER_ID, name: "Зал у окна" });
    const box = buildPlayer({
      ...bar,
      userId: SIGNED_IN_USER_ID,
      name: "Бокс у стойки",
      type: "boxPlayer",
      serialBoxNumber: "FB-7",
    });
    const terrace = buildPlayer({ ...cafe, userId: SIGNED_IN_USER_ID, name: "Терраса" });
    const askedFor: string[] = [];
    renderSignedIn(
      "role-client",
      "/players",
      on(playersApi.listUserPlayers, ({ params, query, reply }) => {
        askedFor.push(`${params.userId}:${query.get("establishmentId") ?? "all"}`);
        return reply(onePage([hall, box, terrace]));
      }),
    );
    const cafeGroup = await screen.findByRole("region", { name: "Кофейня на Лесной" });
    const barGroup = screen.getByRole("region", { name: "Бар на Садовой" });
    expect(
      within(cafeGroup)
        .getAllByRole("listitem")
        .map((item) => within(item).getByRole("link").textContent),
    ).toEqual(["Зал у окна", "Терраса"]);
    expect(within(barGroup).getByText("Бокс-плеер · № FB-7")).toBeTruthy();
    expect(within(barGroup).getByRole("link", { name: "Бокс у стойки" }).getAttribute("href")).toBe(
      `/player/${box.id}`,
    );
    expect(
      within(cafeGroup).getByRole("link", { name: "Кофейня на Лесной" }).getAttribute("href"),
    ).toBe(`/client-objects/${cafe.establishmentId}`);
    expect(askedFor).toEqual([`${SIGNED_IN_USER_ID}:all`]);
  });

  it("says there are no players yet and where to add one", async () => {
    renderSignedIn(
      "role-client",
      "/players",
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([]))),
    );
    expect(await screen.findByText("Плееров пока нет")).toBeTruthy();
    expect(screen.getByText(/откройте заведение и нажмите «Добавить плеер»/)).toBeTruthy();
    expect(
      within(screen.getByRole("main"))
        .getByRole("link", { name: "Мои заведения" })
        .getAttribute("href"),
    ).toBe("/client-objects");
  });

  it("shows staff a client's players named in the address", async () => {
    const askedFor: string[] = [];
    renderSignedIn(
      "role-client-manager",
      `/players/${CLIENT_ID}`,
      on(playersApi.listUserPlayers, ({ params, reply }) => {
        askedFor.push(params.userId);
        return reply(onePage([buildPlayer({ name: "Зал клиента" })]));
      }),
    );
    expect(await screen.findByRole("link", { name: "Зал клиента" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Плееры клиента", level: 1 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Купить бокс-плеер" })).toBeNull();
    expect(askedFor).toEqual([CLIENT_ID]);
  });
});

describe("a player device on its start screen", () => {
  it("is told what it is and asks for no client's players", async () => {
    const asked: string[] = [];
    renderSignedIn(
      "player-device",
      "/players",
      on(playersApi.listUserPlayers, ({ params, reply }) => {
        asked.push(params.userId);
        return reply(onePage([]));
      }),
    );
    expect(await screen.findByText("Этот браузер подключён как плеер заведения")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Купить бокс-плеер" })).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe("buying a box player", () => {
  it("checks the buyer's details, sends them, and says the request is on its way", async () => {
    const sent: unknown[] = [];
    renderSignedIn(
      "role-client",
      "/players",
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([]))),
      on(playersApi.sendPlayerRequest, ({ params, body, reply }) => {
        sent.push({ userId: params.userId, body });
        return reply(buildPlayerRequest({ userId: params.userId }));
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Купить бокс-плеер" }));
    const dialog = await screen.findByRole("dialog", { name: "Купить бокс-плеер" });
    await user.type(within(dialog).getByLabelText("Телефон"), "12");
    await user.click(within(dialog).getByRole("button", { name: "Отправить заявку" }));
    expect(
      await within(dialog).findByText("Введите номер телефона, например +7 900 123-45-67"),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText("Контактное лицо"), "Иван Петров");
    await user.clear(within(dialog).getByLabelText("Телефон"));
    await user.type(within(dialog).getByLabelText("Телефон"), "+7 900 123-45-67");
    await user.type(within(dialog).getByLabelText("Адрес доставки"), "Москва, ул. Лесная, 5");
    await user.clear(within(dialog).getByLabelText("Количество"));
    await user.type(within(dialog).getByLabelText("Количество"), "2");
    await user.click(within(dialog).getByRole("button", { name: "Отправить заявку" }));
    expect(await screen.findByText("Заявка отправлена: менеджер свяжется с вами")).toBeTruthy();
    expect(sent).toEqual([
      {
        userId: SIGNED_IN_USER_ID,
        body: {
          name: "Иван Петров",
          phone: "+7 900 123-45-67",
          address: "Москва, ул. Лесная, 5",
          quantity: 2,
        },
      },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("tells the client to call support when the request fails, keeping the form", async () => {
    renderSignedIn(
      "role-client",
      "/players",
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([]))),
      on(playersApi.sendPlayerRequest, () =>
        replyError(500, { type: "internal-error", reason: "Внутренняя ошибка", message: "boom" }),
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Купить бокс-плеер" }));
    const dialog = await screen.findByRole("dialog", { name: "Купить бокс-плеер" });
    await user.type(within(dialog).getByLabelText("Контактное лицо"), "Иван Петров");
    await user.type(within(dialog).getByLabelText("Телефон"), "89001234567");
    await user.type(within(dialog).getByLabelText("Адрес доставки"), "Москва, ул. Лесная, 5");
    await user.click(within(dialog).getByRole("button", { name: "Отправить заявку" }));
    expect(await screen.findByText(MESSAGES.playerPurchaseFailed)).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Купить бокс-плеер" })).toBeTruthy();
  });
});
