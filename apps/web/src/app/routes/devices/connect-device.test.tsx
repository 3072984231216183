import { authApi, type DeviceCodeInfo, establishmentsApi, playersApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { deviceApprovalUrl } from "../../../config/paths.ts";
import {
  buildEstablishment,
  buildEstablishmentPage,
} from "../../../test/establishments-factories.ts";
import { buildPlayer, onePage } from "../../../test/players-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

const codeOf = (kind: DeviceCodeInfo["kind"]): DeviceCodeInfo => ({
  createdAt: "2026-11-23T10:00:00.000Z",
  expiresAt: "2026-11-23T10:10:00.000Z",
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/150.0.0.0 Safari/537.36",
  kind,
});

/** The path of an approval link (the QR code of a device's screen). */
function linkPath(code: string, playerId?: string): string {
  const link = new URL(deviceApprovalUrl("https://fonika.example", code, playerId));
  return `${link.pathname}${link.search}`;
}

describe("«Подключить устройство»", () => {
  it("is in the client's menu and asks for the code shown on the device", async () => {
    renderSignedIn(
      "role-client",
      "/client-objects",
      on(establishmentsApi.listEstablishments, ({ reply }) =>
        reply(buildEstablishmentPage([buildEstablishment({ userId: SIGNED_IN_USER_ID })])),
      ),
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([]))),
    );
    const menu = await screen.findByRole("navigation", { name: "Разделы" });
    const entry = within(menu).getByRole("link", { name: "Подключить устройство" });
    expect(entry.getAttribute("href")).toBe("/connect-device");
    await userEvent.setup().click(entry);
    expect(
      await screen.findByRole("heading", { name: "Подключить устройство", level: 1 }),
    ).toBeTruthy();
    expect(await screen.findByLabelText("Код с экрана устройства")).toBeTruthy();
  });

  it("opens a web player's link with its code looked up and the named player and its venue chosen: one tap", async () => {
    const cafe = buildEstablishment({ userId: SIGNED_IN_USER_ID, name: "Кофейня" });
    const gym = buildEstablishment({ userId: SIGNED_IN_USER_ID, name: "Спортзал" });
    const bar = buildPlayer({ userId: SIGNED_IN_USER_ID, establishmentId: gym.id, name: "Бар" });
    const hall = buildPlayer({ userId: SIGNED_IN_USER_ID, establishmentId: gym.id, name: "Зал" });
    const approvals: unknown[] = [];
    const path = linkPath("482913", hall.id);
    expect(path).toBe(`/connect-device?code=482913&player=${hall.id}`);
    renderSignedIn(
      "role-client",
      path,
      on(establishmentsApi.listEstablishments, ({ reply }) =>
        reply(buildEstablishmentPage([cafe, gym])),
      ),
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([bar, hall]))),
      on(authApi.inspectDeviceCode, ({ body, reply }) => {
        expect(body).toEqual({ code: "482913" });
        return reply(codeOf("webPlayer"));
      }),
      on(authApi.approveDeviceCode, ({ body, reply }) => {
        approvals.push(body);
        return reply({ ok: true, playerId: hall.id });
      }),
      on(playersApi.getPlayer, ({ reply }) => reply(hall)),
    );
    expect(await screen.findByText("Веб-плеер в браузере")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>("Веб-плеер").value).toBe(hall.id),
    );
    expect(screen.getByLabelText<HTMLSelectElement>("Заведение").value).toBe(gym.id);
    await userEvent.setup().click(screen.getByRole("button", { name: /^Подтвердить/ }));
    await waitFor(() =>
      expect(approvals).toEqual([{ code: "482913", establishmentId: gym.id, playerId: hall.id }]),
    );
    expect(
      await screen.findByText("Веб-плеер подключён: на устройстве будет играть «Зал»"),
    ).toBeTruthy();
  });

  it("chooses the one venue for a box's code and ignores a player the owner has not", async () => {
    const cafe = buildEstablishment({ userId: SIGNED_IN_USER_ID, name: "Кофейня" });
    const approvals: unknown[] = [];
    renderSignedIn(
      "role-client",
      linkPath("551177", "00000000-0000-4000-8000-00000000dead"),
      on(establishmentsApi.listEstablishments, ({ reply }) =>
        reply(buildEstablishmentPage([cafe])),
      ),
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([]))),
      on(authApi.inspectDeviceCode, ({ reply }) => reply(codeOf("device"))),
      on(authApi.approveDeviceCode, ({ body, reply }) => {
        approvals.push(body);
        return reply({ ok: true, playerId: null });
      }),
    );
    const venue = await screen.findByLabelText<HTMLSelectElement>("Заведение");
    await waitFor(() => expect(venue.value).toBe(cafe.id));
    expect(screen.queryByLabelText("Веб-плеер")).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: /^Подтвердить/ }));
    await waitFor(() => expect(approvals).toEqual([{ code: "551177", establishmentId: cafe.id }]));
    expect(await screen.findByText("Плеер подключён")).toBeTruthy();
  });
});
