import { authApi, tariffsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildTokenPair } from "../../../test/factories.ts";
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

describe("the landing page's own path", () => {
  const noTariffs = on(tariffsApi.listOfferedTariffs, ({ reply }) => reply({ data: [] }));

  it("says that a new e-mail or phone makes an account, beside the sales form", async () => {
    renderApp("/", scriptedServer(noTariffs));
    const lead = await screen.findByRole("region", { name: "Подключите музыку в своём заведении" });
    const own = within(lead).getByRole("region", { name: "Или подключитесь сами" });
    expect(own.textContent).toContain("при первом входе с новым адресом он создастся сам");
    expect(within(lead).getByRole("button", { name: "Отправить заявку" })).toBeTruthy();
    expect(within(own).getByRole("link", { name: "Подключить заведение" })).toBeTruthy();
    // The hero starts signing in in place, and says the same.
    const hero = screen.getByRole("form", { name: "Вход по коду" });
    expect(within(hero).getByLabelText("E-mail или номер телефона")).toBeTruthy();
    expect(screen.getAllByText(/при первом входе с новым адресом он создастся сам/)).toHaveLength(
      2,
    );
  });

  it("«Подключить заведение» leads to sign-in, and a new account on to adding a venue", async () => {
    const user = userEvent.setup();
    const app = renderApp(
      "/",
      scriptedServer(
        noTariffs,
        on(authApi.emailSendCode, ({ reply }) => reply({ status: "SENT", expiresInSeconds: 600 })),
        // A new address: the account is made by this sign-in, its profile still to fill in.
        on(authApi.emailVerifyCode, ({ reply }) =>
          reply(buildTokenPair({ authority: ["edit-personal-info"] }, "new")),
        ),
      ),
    );
    await user.click(await screen.findByRole("link", { name: "Подключить заведение" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/auth"));
    // The sign-in page's own field, not the hero's (the landing may still be leaving).
    await screen.findByRole("heading", { name: "Вход в Фонику" });
    await user.type(screen.getByLabelText("E-mail или номер телефона"), "new@cafe.ru");
    await user.click(screen.getByRole("button", { name: "Получить код" }));
    await user.type(await screen.findByLabelText("Код из сообщения"), "123456");
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/add-client-objects"));
    expect(await screen.findByLabelText("Название")).toBeTruthy();
    // Used once: the next sign-in in this tab lands on the start screen.
    expect(window.sessionStorage.getItem("fonika.returnTo")).toBeNull();
  });

  it("its link holds where to go (/auth?next=…): opened on its own, as before the app ran or in a new tab, it still leads on; a path elsewhere is not followed", async () => {
    const user = userEvent.setup();
    const server = scriptedServer(
      noTariffs,
      on(authApi.emailSendCode, ({ reply }) => reply({ status: "SENT", expiresInSeconds: 600 })),
      on(authApi.emailVerifyCode, ({ reply }) =>
        reply(buildTokenPair({ authority: ["edit-personal-info"] }, "new")),
      ),
    );
    const landing = renderApp("/", server);
    const link = await screen.findByRole("link", { name: "Подключить заведение" });
    expect(link.getAttribute("href")).toBe("/auth?next=%2Fadd-client-objects");
    landing.unmount();

    const app = renderApp("/auth?next=%2Fadd-client-objects", server);
    await user.type(await screen.findByLabelText("E-mail или номер телефона"), "new@cafe.ru");
    await user.click(screen.getByRole("button", { name: "Получить код" }));
    await user.type(await screen.findByLabelText("Код из сообщения"), "123456");
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/add-client-objects"));
    app.unmount();

    renderApp("/auth?next=%2F%2Fevil.example", server);
    await screen.findByRole("heading", { name: "Вход в Фонику" });
    expect(window.sessionStorage.getItem("fonika.returnTo")).toBeNull();
  });

  it("without it, a new account lands on its start screen (the cabinet)", async () => {
    const user = userEvent.setup();
    const app = renderApp(
      "/",
      scriptedServer(
        noTariffs,
        on(authApi.emailSendCode, ({ reply }) => reply({ status: "SENT", expiresInSeconds: 600 })),
        on(authApi.emailVerifyCode, ({ reply }) =>
          reply(buildTokenPair({ authority: ["edit-personal-info"] }, "new")),
        ),
      ),
    );
    await user.click(await screen.findByRole("link", { name: "Войти" }));
    await user.type(await screen.findByLabelText("E-mail или номер телефона"), "new@cafe.ru");
    await user.click(screen.getByRole("button", { name: "Получить код" }));
    await user.type(await screen.findByLabelText("Код из сообщения"), "123456");
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/cabinet"));
  });

  it("the hero's e-mail and «Получить код» send the code and open sign-in at typing it; the code signs a new account in", async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    const app = renderApp(
      "/",
      scriptedServer(
        noTariffs,
        on(authApi.emailSendCode, ({ body, reply }) => {
          sent.push(body.email);
          return reply({ status: "SENT", expiresInSeconds: 600 });
        }),
        on(authApi.emailVerifyCode, ({ body, reply }) => {
          expect(body).toEqual({ email: "new@cafe.ru", code: "123456" });
          return reply(buildTokenPair({ authority: ["edit-personal-info"] }, "new"));
        }),
      ),
    );
    const hero = await screen.findByRole("form", { name: "Вход по коду" });
    await user.type(within(hero).getByLabelText("E-mail или номер телефона"), "New@Cafe.ru");
    await user.click(within(hero).getByRole("button", { name: "Получить код" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/auth"));
    expect(sent).toEqual(["new@cafe.ru"]);
    expect(
      await screen.findByText("Мы отправили шестизначный код на e-mail new@cafe.ru."),
    ).toBeTruthy();
    await user.type(screen.getByLabelText("Код из сообщения"), "123456");
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/cabinet"));
    // Only one code was asked for.
    expect(sent).toEqual(["new@cafe.ru"]);
  });

  it("the hero names a wrong address and a refused code where it was typed, and stays", async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    const app = renderApp(
      "/",
      scriptedServer(
        noTariffs,
        on(authApi.emailSendCode, ({ body }) => {
          sent.push(body.email);
          return replyError(429, {
            type: "rate-limited",
            reason: "Слишком много запросов кода. Попробуйте позже",
            message: "rate limited",
          });
        }),
      ),
    );
    const hero = await screen.findByRole("form", { name: "Вход по коду" });
    await user.click(within(hero).getByRole("button", { name: "Получить код" }));
    expect(within(hero).getByText("Введите e-mail или номер телефона")).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(within(hero).getByLabelText("E-mail или номер телефона"), "new@cafe.ru");
    await user.click(within(hero).getByRole("button", { name: "Получить код" }));
    expect(
      await within(hero).findByText("Слишком много запросов кода. Попробуйте позже"),
    ).toBeTruthy();
    expect(sent).toEqual(["new@cafe.ru"]);
    expect(app.router.state.location.pathname).toBe("/");
  });
});
