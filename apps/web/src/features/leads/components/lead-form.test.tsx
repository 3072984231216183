import { LEAD, leadsApi, MESSAGES } from "@fonika/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { on, replyError, scriptedServer } from "../../../test/scripted-server.ts";

const leadId = "00000000-0000-4000-8000-000000000009";

/** The landing page over a server that keeps every lead form body it is sent. */
function renderLanding() {
  const bodies: unknown[] = [];
  const app = renderApp(
    "/",
    scriptedServer(
      on(leadsApi.sendLeadForm, ({ body, reply }) => {
        bodies.push(body);
        return reply({ id: leadId });
      }),
    ),
  );
  return { app, bodies };
}

/** The message shown under the field labelled `label`. */
function messageOf(label: string): string {
  const input = screen.getByLabelText(label);
  const messageId = input.getAttribute("aria-describedby") ?? "";
  return document.getElementById(messageId)?.textContent ?? "";
}

function honeypotInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>(
    '.lead-form__honeypot input[name="website"]',
  );
  if (!input) throw new Error("The lead form has no honeypot field");
  return input;
}

describe("landing lead form", () => {
  it("validates, sends name, phone and company, and says 'Заявка отправлена'", async () => {
    const user = userEvent.setup();
    const { bodies } = renderLanding();
    await user.click(await screen.findByRole("button", { name: "Отправить заявку" }));
    // Each empty field says what it needs; the first takes the focus.
    expect(messageOf("Имя")).toBe("Введите ваше имя");
    expect(messageOf("Телефон")).toBe("Введите номер телефона");
    expect(messageOf("Компания")).toBe("Введите название компании");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Имя")));
    expect(bodies).toHaveLength(0);

    await user.type(screen.getByLabelText("Имя"), "Анна");
    await user.type(screen.getByLabelText("Телефон"), "9161234567");
    await user.type(screen.getByLabelText("Компания"), "Кофейня «Зерно»");
    await user.click(screen.getByRole("button", { name: "Отправить заявку" }));
    expect(await screen.findByText("Заявка отправлена")).toBeTruthy();
    expect(bodies).toEqual([
      { name: "Анна", phone: "79161234567", company: "Кофейня «Зерно»", website: "" },
    ]);
  });

  it("takes the name's length rule from the shared contract, counting the trimmed name", async () => {
    const user = userEvent.setup();
    const { bodies } = renderLanding();
    const tooShort = "Я".repeat(LEAD.nameMin - 1);
    await user.type(await screen.findByLabelText("Имя"), `  ${tooShort}  `);
    await user.type(screen.getByLabelText("Телефон"), "9161234567");
    await user.type(screen.getByLabelText("Компания"), "Зерно");
    await user.click(screen.getByRole("button", { name: "Отправить заявку" }));
    expect(messageOf("Имя")).toBe(MESSAGES.lengthRange(LEAD.nameMin, LEAD.nameMax));
    expect(bodies).toHaveLength(0);

    await user.clear(screen.getByLabelText("Имя"));
    await user.type(screen.getByLabelText("Имя"), "Я".repeat(LEAD.nameMin));
    await user.click(screen.getByRole("button", { name: "Отправить заявку" }));
    expect(await screen.findByText("Заявка отправлена")).toBeTruthy();
    expect(bodies).toHaveLength(1);
  });

  it("lets no letters into the phone and refuses a phone without digits before sending", async () => {
    const user = userEvent.setup();
    const { bodies } = renderLanding();
    const phone = (await screen.findByLabelText("Телефон")) as HTMLInputElement;
    await user.type(phone, "звоните@");
    expect(phone.value).toBe("");
    await user.type(phone, "+");
    expect(phone.value).toBe("+7 ");
    await user.type(screen.getByLabelText("Имя"), "Анна");
    await user.type(screen.getByLabelText("Компания"), "Зерно");
    await user.click(screen.getByRole("button", { name: "Отправить заявку" }));
    expect(messageOf("Телефон")).toBe("Введите номер телефона полностью");
    expect(bodies).toHaveLength(0);
  });

  it("refuses an unfinished phone instead of reading it as another number", async () => {
    const user = userEvent.setup();
    const { bodies } = renderLanding();
    await user.type(await screen.findByLabelText("Имя"), "Анна");
    await user.type(screen.getByLabelText("Телефон"), "916123456");
    await user.type(screen.getByLabelText("Компания"), "Зерно");
    await user.click(screen.getByRole("button", { name: "Отправить заявку" }));
    expect(messageOf("Телефон")).toBe("Введите номер телефона полностью");
    expect(bodies).toHaveLength(0);
  });

  it("reads a leading 8 as the country code, like sign-in, and sends the normalized phone", async () => {
    const user = userEvent.setup();
    const { bodies } = renderLanding();
    const phone = (await screen.findByLabelText("Телефон")) as HTMLInputElement;
    await user.type(screen.getByLabelText("Имя"), "  Анна ");
    await user.type(phone, "8 916 123-45-67");
    expect(phone.value).toBe("+7 (916) 123-45-67");
    await user.type(screen.getByLabelText("Компания"), " Зерно ");
    await user.click(screen.getByRole("button", { name: "Отправить заявку" }));
    expect(await screen.findByText("Заявка отправлена")).toBeTruthy();
    expect(bodies).toEqual([{ name: "Анна", phone: "79161234567", company: "Зерно", website: "" }]);
  });

  it("hides a honeypot from people and sends what a bot typed into it", async () => {
    const user = userEvent.setup();
    const { app, bodies } = renderLanding();
    await screen.findByLabelText("Имя");
    const honeypot = honeypotInput(app.container);
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute("autocomplete")).toBe("off");
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: "Сайт" })).toBeNull();

    await user.type(screen.getByLabelText("Имя"), "Бот");
    await user.type(screen.getByLabelText("Телефон"), "9161234567");
    await user.type(screen.getByLabelText("Компания"), "Спам");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Отправить заявку" }));
    await user.type(honeypot, "https://spam.example");
    await user.click(screen.getByRole("button", { name: "Отправить заявку" }));
    expect(await screen.findByText("Заявка отправлена")).toBeTruthy();
    expect(bodies).toEqual([
      { name: "Бот", phone: "79161234567", company: "Спам", website: "https://spam.example" },
    ]);
  });

  it("shows the server's reason when sending fails", async () => {
    const user = userEvent.setup();
    renderApp(
      "/",
      scriptedServer(
        on(leadsApi.sendLeadForm, () =>
          replyError(429, {
            type: "rate-limited",
            reason: "Слишком много заявок, попробуйте позже",
            message: "",
          }),
        ),
      ),
    );
    await user.type(await screen.findByLabelText("Имя"), "Анна");
    await user.type(screen.getByLabelText("Телефон"), "9161234567");
    await user.type(screen.getByLabelText("Компания"), "Зерно");
    await user.click(screen.getByRole("button", { name: "Отправить заявку" }));
    expect(await screen.findByText("Слишком много заявок, попробуйте позже")).toBeTruthy();
  });
});
