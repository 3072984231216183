import { type EstablishmentInput, establishmentsApi } from "@fonika/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildEstablishment, CLIENT_ID } from "../../../test/establishments-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

describe("adding an establishment", () => {
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
    const zone = screen.getByLabelText("Часовой пояс") as HTMLSelectElement;
    expect(zone.value).toBe("Europe/Moscow");
    expect(zone.selectedOptions[0]?.textContent).toBe("Москва (UTC+3)");

    await userEvent.type(name, "ab");
    await userEvent.click(screen.getByRole("button", { name: "Добавить объект" }));
    expect(await screen.findAllByText("Введите от 3 до 200 символов")).toHaveLength(1);
    // The empty address says what it needs rather than its length.
    expect(screen.getByText("Введите адрес объекта")).toBeTruthy();
    expect(added).toEqual([]);

    await userEvent.type(name, "c на углу");
    await userEvent.type(screen.getByLabelText("Адрес"), "  Новосибирск, ул. Ленина, 1  ");
    await userEvent.type(
      screen.getByRole("searchbox", { name: "Поиск часового пояса" }),
      "новосиб",
    );
    await userEvent.selectOptions(zone, "Asia/Novosibirsk");
    expect(zone.selectedOptions[0]?.textContent).toBe("Новосибирск (UTC+7)");
    await userEvent.click(screen.getByRole("button", { name: "Добавить объект" }));

    await waitFor(() =>
      expect(added).toEqual([
        {
          userId: SIGNED_IN_USER_ID,
          body: {
            name: "abc на углу",
            address: "Новосибирск, ул. Ленина, 1",
            timeZone: "Asia/Novosibirsk",
            explicitFilter: false,
          },
        },
      ]),
    );
    expect(await screen.findByText("Объект «abc на углу» добавлен")).toBeTruthy();
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/client-objects/${made.id}`),
    );
    expect(await screen.findByRole("heading", { name: "abc на углу", level: 1 })).toBeTruthy();
  });

  it("narrows the time zones by search and shows the server's refusal", async () => {
    renderSignedIn(
      "role-client",
      "/add-client-objects",
      on(establishmentsApi.addEstablishment, () =>
        replyError(400, {
          type: "validation-error",
          reason: "Выберите часовой пояс из списка",
          message: "timeZone",
        }),
      ),
    );
    const search = await screen.findByRole("searchbox", { name: "Поиск часового пояса" });
    await userEvent.type(search, "utc+7");
    const zone = screen.getByLabelText("Часовой пояс") as HTMLSelectElement;
    const labels = [...zone.options].map((option) => option.textContent ?? "");
    // The chosen zone stays listed first; every other one matches the search.
    expect(labels[0]).toBe("Москва (UTC+3)");
    expect(labels.slice(1).length).toBeGreaterThan(3);
    expect(labels.slice(1).every((label) => label.includes("UTC+7"))).toBe(true);
    expect(labels).toContain("Красноярск (UTC+7)");

    await userEvent.clear(search);
    await userEvent.type(search, "Атлантида");
    expect(screen.getByText("Ничего не найдено")).toBeTruthy();

    await userEvent.type(screen.getByLabelText("Название"), "Кофейня");
    await userEvent.type(screen.getByLabelText("Адрес"), "Москва, Тверская, 1");
    await userEvent.click(screen.getByRole("button", { name: "Добавить объект" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Выберите часовой пояс из списка");
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
    await userEvent.click(screen.getByRole("button", { name: "Добавить объект" }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/client-objects/${made.id}/${CLIENT_ID}`),
    );
    expect(owners).toEqual([CLIENT_ID]);
  });
});
