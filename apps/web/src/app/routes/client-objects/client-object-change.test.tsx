import { type Establishment, type EstablishmentInput, establishmentsApi } from "@fonika/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { timeZoneLabel } from "../../../lib/time-zones.ts";
import { buildEstablishment, CLIENT_ID } from "../../../test/establishments-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

describe("changing an establishment", () => {
  it("lets a client manager change a client's establishment and returns to it", async () => {
    let venue: Establishment = buildEstablishment();
    const changes: Array<{ userId: string; body: Partial<EstablishmentInput> }> = [];
    const app = renderSignedIn(
      "role-client-manager",
      `/client-objects/${venue.id}/change/${CLIENT_ID}`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
      on(establishmentsApi.changeEstablishment, ({ params, body, reply }) => {
        changes.push({ userId: params.userId, body });
        venue = { ...venue, ...body };
        return reply(venue);
      }),
    );
    const name = await screen.findByLabelText("Название");
    expect((name as HTMLInputElement).value).toBe("Кофейня на Лесной");
    expect((screen.getByLabelText("Адрес") as HTMLInputElement).value).toBe(venue.address);

    await userEvent.clear(name);
    await userEvent.click(screen.getByRole("button", { name: "Сохранить изменения" }));
    expect(await screen.findByText("Введите название заведения")).toBeTruthy();
    expect(changes).toEqual([]);

    await userEvent.type(name, "Кофейня у парка");
    const zone = screen.getByRole("combobox", { name: "Часовой пояс" }) as HTMLInputElement;
    expect(zone.value).toBe(timeZoneLabel(venue.timeZone));
    await userEvent.click(zone);
    await userEvent.keyboard("Сам");
    await userEvent.click(screen.getByRole("option", { name: "Самара (UTC+4)" }));
    expect(zone.value).toBe("Самара (UTC+4)");
    const filter = screen.getByLabelText("Не играть песни с ненормативной лексикой");
    expect((filter as HTMLInputElement).checked).toBe(false);
    await userEvent.click(filter);
    await userEvent.click(screen.getByRole("button", { name: "Сохранить изменения" }));
    await waitFor(() =>
      expect(changes).toEqual([
        {
          userId: CLIENT_ID,
          body: {
            name: "Кофейня у парка",
            address: venue.address,
            timeZone: "Europe/Samara",
            explicitFilter: true,
          },
        },
      ]),
    );
    expect(await screen.findByText("Изменения сохранены")).toBeTruthy();
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/client-objects/${venue.id}/${CLIENT_ID}`),
    );
    expect(await screen.findByText(/Самара \(UTC\+4\)/)).toBeTruthy();
    const filterRow = await screen.findByText("Песни с ненормативной лексикой");
    expect(filterRow.nextElementSibling?.textContent).toBe("Не играют");
  });

  it("shows the server's refusal and keeps the form", async () => {
    const venue = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}/change`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
      on(establishmentsApi.changeEstablishment, () =>
        replyError(404, {
          type: "not-found",
          reason: "Заведение не найдено",
          message: "Establishment not found",
        }),
      ),
    );
    await userEvent.type(await screen.findByLabelText("Адрес"), ", корпус 2");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить изменения" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Заведение не найдено");
    expect((screen.getByLabelText("Адрес") as HTMLInputElement).value).toBe(
      `${venue.address}, корпус 2`,
    );
  });

  it("does not offer the form when the server allows no edit", async () => {
    const venue = buildEstablishment({ abilities: { edit: false, subscribe: false } });
    renderSignedIn(
      "role-support",
      `/client-objects/${venue.id}/change/${CLIENT_ID}`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
    );
    expect(await screen.findByText("Изменять это заведение вам нельзя")).toBeTruthy();
    expect(screen.queryByLabelText("Название")).toBeNull();
  });

  it("says clearly when the establishment is someone else's", async () => {
    renderSignedIn(
      "role-client",
      `/client-objects/${buildEstablishment().id}/change`,
      on(establishmentsApi.getEstablishment, () =>
        replyError(404, { type: "not-found", reason: "Заведение не найдено", message: "" }),
      ),
    );
    expect(await screen.findByText("Заведение не найдено")).toBeTruthy();
  });
});
