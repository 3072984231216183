import { type EstablishmentInput, establishmentsApi } from "@fonika/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildEstablishment, CLIENT_ID } from "../../../test/establishments-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

describe("adding an establishment", () => {
  // A browser outside Russia unless a test says otherwise: the form starts in Moscow.
  beforeEach(() => vi.stubEnv("TZ", "Europe/Berlin"));
  afterEach(() => vi.unstubAllEnvs());

  it("refuses what the API would refuse, then adds it and opens its page", async () => {
    const added: Array<{ userId: string; body: EstablishmentInput }> = [];
    let made = buildEstablishment();
    const app = renderSignedIn(
      "role-client",
      "/add-client-objects",
      on(establishmentsApi.addEstablishment, ({ params, body, reply }) => {
        added.push({ userId: params.userId, body });
        made = buildEstablishment({ ...body, userId: params.userId });
        return reply(made);
      }),
      on(establishmentsApi.getEstablishment, ({ params, reply }) =>
        reply({ ...made, id: params.id }),
      ),
    );
    const name = await screen.findByLabelText("Название");
    const zone = screen.getByRole("combobox", { name: "Часовой пояс" }) as HTMLInputElement;
    expect(zone.value).toBe("Москва (UTC+3)");

    await userEvent.type(name, "ab");
    await userEvent.click(screen.getByRole("button", { name: "Добавить заведение" }));
    expect(await screen.findAllByText("Введите от 3 до 200 символов")).toHaveLength(1);
    // The empty address says what it needs rather than its length.
    expect(screen.getByText("Введите адрес заведения")).toBeTruthy();
    expect(added).toEqual([]);

    await userEvent.type(name, "c на углу");
    await userEvent.type(screen.getByLabelText("Адрес"), "  Екатеринбург, ул. Ленина, 1  ");
    // Typed over the shown zone, and sent straight away without choosing from the list.
    await userEvent.click(zone);
    await userEvent.keyboard("Екатеринбург");
    await userEvent.click(screen.getByRole("button", { name: "Добавить заведение" }));
    expect(zone.value).toBe("Екатеринбург (UTC+5)");

    await waitFor(() =>
      expect(added).toEqual([
        {
          userId: SIGNED_IN_USER_ID,
          body: {
            name: "abc на углу",
            address: "Екатеринбург, ул. Ленина, 1",
            timeZone: "Asia/Yekaterinburg",
            explicitFilter: false,
          },
        },
      ]),
    );
    expect(await screen.findByText("Заведение «abc на углу» добавлено")).toBeTruthy();
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/client-objects/${made.id}`),
    );
    expect(await screen.findByRole("heading", { name: "abc на углу", level: 1 })).toBeTruthy();
  });

  it("starts in the browser's zone when it is one of Russia's", async () => {
    vi.stubEnv("TZ", "Asia/Novosibirsk");
    renderSignedIn("role-client", "/add-client-objects");
    const zone = (await screen.findByRole("combobox", {
      name: "Часовой пояс",
    })) as HTMLInputElement;
    expect(zone.value).toBe("Новосибирск (UTC+7)");
  });

  it("keeps the shown zone when the typed one is unclear, and shows the server's refusal", async () => {
    const sent: EstablishmentInput[] = [];
    renderSignedIn(
      "role-client",
      "/add-client-objects",
      on(establishmentsApi.addEstablishment, ({ body }) => {
        sent.push(body);
        return replyError(400, {
          type: "validation-error",
          reason: "Выберите часовой пояс из списка",
          message: "timeZone",
        });
      }),
    );
    const zone = (await screen.findByRole("combobox", {
      name: "Часовой пояс",
    })) as HTMLInputElement;
    await userEvent.click(zone);
    await userEvent.keyboard("utc+7");
    const labels = screen.getAllByRole("option").map((option) => option.getAttribute("aria-label"));
    expect(labels.length).toBeGreaterThan(3);
    expect(labels.every((label) => label?.includes("UTC+7"))).toBe(true);
    expect(labels).toContain("Красноярск (UTC+7)");
    await userEvent.click(screen.getByLabelText("Название"));
    expect(zone.value).toBe("Москва (UTC+3)");

    await userEvent.type(screen.getByLabelText("Название"), "Кофейня");
    await userEvent.type(screen.getByLabelText("Адрес"), "Москва, Тверская, 1");
    await userEvent.click(screen.getByRole("button", { name: "Добавить заведение" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Выберите часовой пояс из списка");
    expect(sent.map((body) => body.timeZone)).toEqual(["Europe/Moscow"]);
  });

  it("adds for a client when staff name them with ?clientId=", async () => {
    const owners: string[] = [];
    let made = buildEstablishment();
    const app = renderSignedIn(
      "role-client-manager",
      `/add-client-objects?clientId=${CLIENT_ID}`,
      on(establishmentsApi.addEstablishment, ({ params, body, reply }) => {
        owners.push(params.userId);
        made = buildEstablishment({ ...body, userId: params.userId });
        return reply(made);
      }),
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(made)),
    );
    await userEvent.type(await screen.findByLabelText("Название"), "Салон «Роза»");
    await userEvent.type(screen.getByLabelText("Адрес"), "Казань, ул. Баумана, 3");
    await userEvent.click(screen.getByRole("button", { name: "Добавить заведение" }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/client-objects/${made.id}/${CLIENT_ID}`),
    );
    expect(owners).toEqual([CLIENT_ID]);
  });
});
