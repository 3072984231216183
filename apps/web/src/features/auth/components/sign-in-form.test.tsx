import { authApi } from "@fonika/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CLIENT_ERRORS } from "../../../lib/error-messages.ts";
import { buildAccessToken, buildTokenPair } from "../../../test/factories.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { on, rawReply, replyError, scriptedServer } from "../../../test/scripted-server.ts";

const CODE_SENT = { status: "SENT", expiresInSeconds: 600 } as const;

describe("sign-in screen", () => {
  it("signs in by e-mail code and lands on the role's start screen", async () => {
    const user = userEvent.setup();
    const app = renderApp(
      "/auth",
      scriptedServer(
        on(authApi.emailSendCode, ({ body, reply }) => {
          expect(body).toEqual({ email: "owner@cafe.ru" });
          return reply(CODE_SENT);
        }),
        on(authApi.emailVerifyCode, ({ body, reply }) => {
          expect(body).toEqual({ email: "owner@cafe.ru", code: "123456" });
          return reply(buildTokenPair({ authority: ["role-client"] }, "r1"));
        }),
      ),
    );
    await user.type(await screen.findByLabelText("E-mail или номер телефона"), "owner@cafe.ru");
    expect(screen.getByRole("checkbox", { name: "Запомнить меня" })).toHaveProperty(
      "checked",
      true,
    );
    await user.click(screen.getByRole("button", { name: "Получить код" }));
    // The sixth digit signs in: no 'Войти' to press.
    await user.type(await screen.findByLabelText("Код из сообщения"), "123456");
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/client-objects"));
    expect(app.local.getItem("fonika.tokens")).toContain("r1");
    expect(app.playerSocket.connect).toHaveBeenCalled();
  });

  it("keeps tokens for this tab only when remember-me is off", async () => {
    const user = userEvent.setup();
    const app = renderApp(
      "/auth",
      scriptedServer(
        on(authApi.emailSendCode, ({ reply }) => reply(CODE_SENT)),
        on(authApi.emailVerifyCode, ({ reply }) =>
          reply(buildTokenPair({ authority: ["role-admin"] }, "r2")),
        ),
      ),
    );
    await user.type(await screen.findByLabelText("E-mail или номер телефона"), "admin@fonika.ru");
    await user.click(screen.getByRole("checkbox", { name: "Запомнить меня" }));
    await user.click(screen.getByRole("button", { name: "Получить код" }));
    await user.type(await screen.findByLabelText("Код из сообщения"), "123456");
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/client-base"));
    expect(app.local.getItem("fonika.tokens")).toBeNull();
    expect(app.temporary.getItem("fonika.tokens")).toContain("r2");
  });

  it("shows the incorrect-code state for a wrong phone code", async () => {
    const user = userEvent.setup();
    renderApp(
      "/auth",
      scriptedServer(
        on(authApi.phoneSendCode, ({ body, reply }) => {
          expect(body).toEqual({ phone: "79991234567" });
          return reply(CODE_SENT);
        }),
        on(authApi.phoneVerifyCode, ({ body }) => {
          expect(body).toEqual({ phone: "79991234567", code: "000000" });
          return replyError(400, { type: "invalid-code", reason: "Неверный код", message: "bad" });
        }),
      ),
    );
    await user.type(await screen.findByLabelText("E-mail или номер телефона"), "9991234567");
    expect((screen.getByLabelText("Номер телефона") as HTMLInputElement).value).toBe(
      "+7 (999) 123-45-67",
    );
    await user.click(screen.getByRole("button", { name: "Получить код" }));
    await user.type(await screen.findByLabelText("Код из сообщения"), "000000");
    expect(await screen.findByText("Неверный код")).toBeTruthy();
    const form = screen.getByRole("form", { name: "Ввод кода" });
    expect(form.getAttribute("data-incorrect-phone-code")).toBe("true");
    expect(form.className).toContain("sign-in--incorrect");
  });

  it("does not send an unfinished phone as another number", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderApp(
      "/auth",
      scriptedServer(
        on(authApi.phoneSendCode, ({ body, reply }) => {
          sent.push(body);
          return reply(CODE_SENT);
        }),
      ),
    );
    await user.type(await screen.findByLabelText("E-mail или номер телефона"), "999123456");
    expect((screen.getByLabelText("Номер телефона") as HTMLInputElement).value).toBe(
      "+7 (999) 123-45-6",
    );
    await user.click(screen.getByRole("button", { name: "Получить код" }));
    expect(await screen.findByText(CLIENT_ERRORS.invalidPhone)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("asks for an e-mail or phone number when sent empty, and sends nothing", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderApp(
      "/auth",
      scriptedServer(
        on(authApi.emailSendCode, ({ body, reply }) => {
          sent.push(body);
          return reply(CODE_SENT);
        }),
      ),
    );
    const field = await screen.findByLabelText("E-mail или номер телефона");
    await user.click(screen.getByRole("button", { name: "Получить код" }));
    expect(await screen.findByText("Введите e-mail или номер телефона")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    // The failed submit hands the focus back to the field.
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(sent).toEqual([]);
  });

  it("says 'Ваш аккаунт удален' for a deleted account", async () => {
    const user = userEvent.setup();
    renderApp(
      "/auth",
      scriptedServer(
        on(authApi.phoneSendCode, () =>
          replyError(403, {
            type: "account-deleted",
            reason: "Аккаунт удалён",
            message: "deleted",
          }),
        ),
      ),
    );
    await user.type(await screen.findByLabelText("E-mail или номер телефона"), "9991234567");
    await user.click(screen.getByRole("button", { name: "Получить код" }));
    expect(await screen.findByText("Ваш аккаунт удален")).toBeTruthy();
  });

  it("treats a verify answer without a refresh token as a failure", async () => {
    const user = userEvent.setup();
    const app = renderApp(
      "/auth",
      scriptedServer(
        on(authApi.emailSendCode, ({ reply }) => reply(CODE_SENT)),
        // Deliberately malformed: the contract demands a refreshToken, and this
        // test proves the client refuses an answer that lacks one.
        on(authApi.emailVerifyCode, () =>
          rawReply(200, JSON.stringify({ token: buildAccessToken() })),
        ),
      ),
    );
    await user.type(await screen.findByLabelText("E-mail или номер телефона"), "owner@cafe.ru");
    await user.click(screen.getByRole("button", { name: "Получить код" }));
    await user.type(await screen.findByLabelText("Код из сообщения"), "123456");
    expect(await screen.findByText(/не выдал ключи доступа/)).toBeTruthy();
    expect(app.session.getState().status).toBe("signed-out");
    expect(app.router.state.location.pathname).toBe("/auth");
  });
});
