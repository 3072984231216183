import { ROLES } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import { SIDE_MENU } from "./menus.ts";
import { canAccessRoute, ROUTES } from "./routes.ts";

describe("side menus", () => {
  it("lead every role only to screens it may open", () => {
    const refused = ROLES.flatMap((role) =>
      SIDE_MENU[role]
        .filter((entry) => !canAccessRoute(ROUTES[entry.route], role))
        .map((entry) => `${role} → ${entry.route}`),
    );
    expect(refused).toEqual([]);
  });

  it("give a client its players and playlists right after its objects", () => {
    expect(SIDE_MENU["role-client"].map((entry) => entry.label)).toEqual([
      "Мои объекты",
      "Плееры",
      "Плейлисты",
      "Подписки",
      "Профиль",
    ]);
  });
});
