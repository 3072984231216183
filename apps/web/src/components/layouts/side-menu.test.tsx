import { PARTITION_IDS, vaultApi } from "@fonika/shared";
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SIDE_MENU } from "../../config/menus.ts";
import { canAccessRoute, ROUTE_LIST, type RouteName } from "../../config/routes.ts";
import { buildEntry, buildPartition, buildTreeNode, nextId } from "../../test/library-factories.ts";
import { on } from "../../test/scripted-server.ts";
import { renderSignedIn } from "../../test/signed-in-app.tsx";
import { SideMenu } from "./side-menu.tsx";

const current = (name: string) => screen.getByRole("link", { name }).getAttribute("aria-current");

function menuAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SideMenu entries={SIDE_MENU["role-admin"]} onNavigate={() => {}} onLogout={() => {}} />
    </MemoryRouter>,
  );
}

describe("the side menu", () => {
  it("lights only the entry of the page, not the one whose path it lies under", () => {
    menuAt("/players-base/update");
    expect(current("Обновления плееров")).toBe("page");
    expect(current("Плееры")).toBeNull();
  });

  it("lights an entry on its own page", () => {
    menuAt("/players-base");
    expect(current("Плееры")).toBe("page");
    expect(current("Обновления плееров")).toBeNull();
  });
});

const folder = buildEntry({ name: "Кофейни" });
const playlistId = nextId();
const playlist = buildEntry({
  entryType: "playlist",
  name: "Утро",
  parentId: folder.entryId,
  playlistId,
});
const version = buildEntry({ entryType: "version", name: "Версия 1", parentId: playlist.entryId });
const someId = nextId();

/** The content manager's library, as the side menu's trees load it. */
const libraryTrees = on(vaultApi.entryTree, ({ params, reply }) =>
  params.id === PARTITION_IDS.tracks
    ? reply(buildTreeNode(buildPartition("tracks")))
    : reply(
        buildTreeNode(buildPartition("playlists"), [
          buildTreeNode(folder, [buildTreeNode(playlist, [buildTreeNode(version)])]),
        ]),
      ),
);

/** What is lit in the side menu: the current entry links and the selected tree items. */
function litPlaces(menu: HTMLElement): string[] {
  const links = within(menu)
    .queryAllByRole("link")
    .filter((link) => link.getAttribute("aria-current") === "page");
  const items = within(menu)
    .queryAllByRole("treeitem")
    .filter((item) => item.getAttribute("aria-selected") === "true");
  return [
    ...links.map((link) => link.textContent ?? ""),
    ...items.map((item) => item.getAttribute("aria-label") ?? ""),
  ];
}

/**
 * Every screen a content manager opens with the side menu, and the one
 * place it lights there (null: a screen the menu does not lead to).
 */
const CONTENT_MANAGER_SCREENS: readonly [RouteName, string, string | null][] = [
  ["Home", "/", "Плейлисты"],
  ["Playlists", "/playlists", "Плейлисты"],
  ["Playlists", `/playlists?entry=${PARTITION_IDS.tracks}`, "Треки"],
  ["Playlists", `/playlists?entry=${folder.entryId}`, "Кофейни"],
  ["PlaylistCreate", "/playlists/create", "Плейлисты"],
  ["PlaylistCreate", `/playlists/create?folderId=${folder.entryId}`, "Кофейни"],
  ["Playlist", `/playlists/edit/${playlistId}`, "Утро"],
  ["Playlist", `/playlists/edit/${playlistId}?version=${version.entryId}`, "Версия 1"],
  ["Deleted", "/deleted", "Корзина"],
  ["AddAudios", "/tracks", "Треки"],
  ["TrackEdit", `/tracks/edit/${someId}`, "Треки"],
  ["Catalog", "/catalog", "Каталог"],
  ["Catalog", "/catalog/genres", "Каталог"],
  ["SupportEnquiries", "/support/enquiries", "Обращения"],
  ["SupportEnquiry", `/support/enquiries/${someId}`, "Обращения"],
  ["Cabinet", "/cabinet", null],
  ["Subscribe", "/subscribe", null],
  ["DetailTariff", `/detail-tariff/${someId}`, null],
  ["ClientObjectsList", "/client-objects", null],
  ["ClientObject", `/client-objects/${someId}`, null],
  ["ClientObjectHistory", `/client-objects/${someId}/history-broadcast`, null],
  ["ClientObjectChange", `/client-objects/${someId}/change`, null],
  ["AddClientObjects", "/add-client-objects", null],
  ["Profile", "/profile", null],
  ["ProfileById", `/profile/${someId}`, null],
  ["ProfileLegalList", "/profile/legal-list", null],
  ["ProfileAddCompany", "/profile/add-company", null],
];

describe("the content manager's side menu", () => {
  it("covers every screen a content manager opens with the menu", () => {
    const opened = ROUTE_LIST.filter(
      (route) => !route.fullscreen && canAccessRoute(route, "role-content-manager"),
    ).map((route) => route.name);
    expect(new Set(CONTENT_MANAGER_SCREENS.map(([name]) => name))).toEqual(new Set(opened));
  });

  it.each(CONTENT_MANAGER_SCREENS)(
    "%s at %s lights %s alone, and shows each place once",
    async (_name, path, lit) => {
      renderSignedIn("role-content-manager", path, libraryTrees);
      const menu = await screen.findByRole("navigation", { name: "Разделы" }, { timeout: 5_000 });
      await within(menu).findByRole("treeitem", { name: "Кофейни" }, { timeout: 5_000 });
      await waitFor(() => expect(litPlaces(menu)).toEqual(lit === null ? [] : [lit]));
      // The places: the tree's roots, once each, and no entry repeating them (the catalog and
      // the enquiries below).
      const roots = within(menu)
        .getAllByRole("treeitem")
        .filter((item) => item.getAttribute("aria-level") === "1")
        .map((item) => item.getAttribute("aria-label"));
      expect(roots).toEqual(["Плейлисты", "Треки", "Корзина"]);
      expect(
        within(menu)
          .queryAllByRole("link")
          .map((link) => link.textContent),
      ).toEqual(["Каталог", "Обращения"]);
    },
  );
});
