import { accountsApi, REAL_ROLES, type Role } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ROLE_LABELS } from "../../../config/roles.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import { buildUsersPage } from "../../../test/factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";

/** The app signed in as `role` on a screen every role opens; `listed` keeps each user-list query. */
function renderHeader(role: Role) {
  const listed: string[] = [];
  const app = renderSignedIn(
    role,
    "/support/enquiries",
    on(accountsApi.listUsers, ({ query, reply }) => {
      listed.push(query.get("query") ?? "");
      return reply(buildUsersPage([]));
    }),
  );
  return { app, listed };
}

/** The header's suggestions box (the page's own filters are comboboxes too). */
const SUGGESTIONS = "Поиск треков и плейлистов";

describe("header search (SPEC.md §2 Search)", () => {
  it.each(["role-admin", "role-client-manager", "role-support"] as const)(
    "%s: the search leads to the client base with the query",
    async (role) => {
      const person = userEvent.setup();
      const { app, listed } = renderHeader(role);
      // The header's box (the enquiries' own list has a search box too).
      const box = await screen.findByRole(
        "searchbox",
        { name: "Поиск клиентов" },
        { timeout: 5_000 },
      );
      expect(screen.queryByRole("combobox", { name: SUGGESTIONS })).toBeNull();
      await person.type(box, "+7 (916) 123{Enter}");
      await waitFor(() => expect(app.router.state.location.pathname).toBe("/client-base"));
      expect(new URLSearchParams(app.router.state.location.search).get("query")).toBe(
        "+7 (916) 123",
      );
      await waitFor(() => expect(listed).toContain("+7 (916) 123"));
    },
  );

  it.each(["role-client", "role-content-manager"] as const)(
    "%s: suggestions instead (no client base to search)",
    async (role) => {
      renderHeader(role);
      expect(
        await screen.findByRole("combobox", { name: SUGGESTIONS }, { timeout: 5_000 }),
      ).toBeTruthy();
      expect(screen.queryByRole("searchbox", { name: "Поиск клиентов" })).toBeNull();
    },
  );

  it("follows the route table: the client-base search is for those who may open it", () => {
    const searchers = REAL_ROLES.filter((role) => canAccessRoute(ROUTES.ClientBase, role));
    expect(searchers).toEqual(["role-admin", "role-client-manager", "role-support"]);
  });

  /**
   * The header box by role and page: what it searches, in its own words,
   * wherever it stands; none where every suggestion would lead nowhere.
   */
  it.each([
    ["role-admin", "/client-base", "Поиск клиентов"],
    ["role-admin", "/all-tariff", "Поиск клиентов"],
    ["role-client-manager", "/subscription-base", "Поиск клиентов"],
    ["role-support", "/support/enquiries", "Поиск клиентов"],
    ["role-content-manager", "/playlists", "Поиск треков и плейлистов"],
    ["role-content-manager", "/tracks", "Поиск треков и плейлистов"],
    ["role-content-manager", "/deleted", "Поиск треков и плейлистов"],
    ["role-client", "/client-objects", "Поиск треков и плейлистов"],
    ["role-client", "/playlists", "Поиск треков и плейлистов"],
    ["wait-activation", "/cabinet", null],
    ["wait-activation", "/tracks", null],
    ["wait-activation", "/profile", null],
    ["edit-personal-info", "/cabinet", null],
  ] as const)("%s on %s: %s", async (role, path, label) => {
    renderSignedIn(role, path);
    // The layout's top bar (pages have headers of their own).
    const header = await waitFor(
      () => {
        const topbar = document.querySelector<HTMLElement>("header.topbar");
        if (!topbar) throw new Error("no top bar yet");
        return topbar;
      },
      { timeout: 5_000 },
    );
    // The user's badge names the role once the layout is up.
    await within(header).findByText(ROLE_LABELS[role], {}, { timeout: 5_000 });
    const boxes = [
      ...within(header).queryAllByRole("searchbox"),
      ...within(header).queryAllByRole("combobox"),
    ];
    expect(boxes.map((box) => box.getAttribute("aria-label"))).toEqual(label ? [label] : []);
    // The empty box says what SPEC.md §2 says; its name says what it searches.
    if (label) {
      expect(boxes[0]?.getAttribute("placeholder")).toBe(
        label === "Поиск клиентов" ? "Поиск по логину" : "Поиск по названию",
      );
    }
    expect(header.querySelector("search")).toBe(label ? boxes[0]?.closest("search") : null);
  });
});
