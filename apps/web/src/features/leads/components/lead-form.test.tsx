import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "../../../test/factories.ts";
import { renderApp } from "../../../test/render-app.tsx";

describe("landing lead form", () => {
  it("validates, sends name, phone and company, and says 'Заявка отправлена'", async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderApp("/", (url, init) => {
      if (url.endsWith("/integration/amo/form")) {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(201, { id: "00000000-0000-4000-8000-000000000009" });
      }
      return jsonResponse(404, { type: "not-found", reason: "Нет" });
    });
    await user.click(await screen.findByRole("button", { name: "Отправить заявку" }));
    expect(screen.getAllByText("Введите от 2 до 200 символов")).toHaveLength(2);
    expect(screen.getByText("Введите номер телефона полностью")).toBeTruthy();
    expect(bodies).toHaveLength(0);

    await user.type(screen.getByLabelText("Имя"), "Анна");
    await user.type(screen.getByLabelText("Телефон"), "9161234567");
    await user.type(screen.getByLabelText("Компания"), "Кофейня «Зерно»");
    await user.click(screen.getByRole("button", { name: "Отправить заявку" }));
    expect(await screen.findByText("Заявка отправлена")).toBeTruthy();
    expect(bodies).toEqual([{ name: "Анна", phone: "79161234567", company: "Кофейня «Зерно»" }]);
  });

  it("shows the server's reason when sending fails", async () => {
    const user = userEvent.setup();
    renderApp("/", () =>
      jsonResponse(429, {
        type: "rate-limited",
        reason: "Слишком много заявок, попробуйте позже",
        message: "",
      }),
    );
    await user.type(await screen.findByLabelText("Имя"), "Анна");
    await user.type(screen.getByLabelText("Телефон"), "9161234567");
    await user.type(screen.getByLabelText("Компания"), "Зерно");
    await user.click(screen.getByRole("button", { name: "Отправить заявку" }));
    expect(await screen.findByText("Слишком много заявок, попробуйте позже")).toBeTruthy();
  });
});
