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
      "Мои заведения",
      "Плееры",
      "Плейлисты",
      "Подключить устройство",
      "Подписки",
      "Обращения",
      "Чат",
      "Профиль",
    ]);
  });

  it("lead every role the route table lets in to the enquiries and the chat", () => {
    const withEntry = (route: "SupportEnquiries" | "SupportChat") =>
      ROLES.filter((role) => SIDE_MENU[role].some((entry) => entry.route === route));
    const mayOpen = (route: "SupportEnquiries" | "SupportChat") =>
      ROLES.filter((role) => canAccessRoute(ROUTES[route], role));
    expect(withEntry("SupportEnquiries")).toEqual(mayOpen("SupportEnquiries"));
    expect(withEntry("SupportChat")).toEqual(mayOpen("SupportChat"));
    expect(withEntry("SupportChat").sort()).toEqual(["role-admin", "role-client", "role-support"]);
  });
});
