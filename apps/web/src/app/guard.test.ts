import { ROLES, type Role } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import {
  canAccessRoute,
  ROUTE_LIST,
  ROUTES,
  type RouteDefinition,
  START_SCREEN,
  startPathOf,
} from "../config/routes.ts";
import { decideRoute } from "./guard.ts";

/*
 * Expected tables transcribed by hand from SPEC.md §2, deliberately not
 * derived from the route table (config/routes.ts) they check.
 */

type Who = Role | "anonymous";

const ADMIN = "role-admin";
const CLIENT = "role-client";
const CONTENT = "role-content-manager";
const MANAGER = "role-client-manager";
const SUPPORT = "role-support";
const WAIT = "wait-activation";
const EDIT = "edit-personal-info";
/** A player signed in by a second-device approval: the player screens only. */
const DEVICE = "player-device";
const SIGNED_IN: readonly Who[] = [ADMIN, CLIENT, CONTENT, MANAGER, SUPPORT, WAIT, EDIT];
const EVERYONE: readonly Who[] = [...SIGNED_IN, DEVICE, "anonymous"];

/** Route name → [path as SPEC.md writes it, who may open it]. */
const EXPECTED: Record<string, [string, readonly Who[]]> = {
  Home: ["/", EVERYONE],
  Auth: ["/auth", EVERYONE],
  Offer: ["/offer", EVERYONE],
  Ppd: ["/ppd", EVERYONE],
  Policy: ["/policy", EVERYONE],
  // Issue 14: the venue's browser opens it with no account.
  WebPlayer: ["/web-player", EVERYONE],
  Players: ["/players/:id?", [ADMIN, CLIENT, MANAGER, SUPPORT, DEVICE]],
  Player: ["/player/:id", [ADMIN, CLIENT, MANAGER, SUPPORT, DEVICE]],
  // SPEC.md §2 gives these to content managers; its search sends clients to
  // them too (decision in docs/decisions.md: clients read the catalogue).
  Playlists: ["/playlists", [CONTENT, CLIENT]],
  PlaylistCreate: ["/playlists/create", [CONTENT]],
  Playlist: ["/playlists/edit/:id", [CONTENT, CLIENT]],
  Deleted: ["/deleted", [CONTENT]],
  AddAudios: ["/tracks", [CONTENT, WAIT]],
  TrackEdit: ["/tracks/edit/:id?", [CONTENT, WAIT]],
  // Not in SPEC.md §2: the content manager's authors, copyright holders and genres (§7's calls).
  Catalog: ["/catalog/:kind?", [CONTENT]],
  UiKit: ["/uikit", [ADMIN]],
  ClientBase: ["/client-base", [ADMIN, MANAGER, SUPPORT]],
  SubscriptionBase: ["/subscription-base", [ADMIN, MANAGER]],
  SubscriptionCreate: ["/subscription-create/:subscriptionEditId?", [ADMIN, MANAGER]],
  SupportEnquiries: ["/support/enquiries", [ADMIN, SUPPORT, CLIENT, MANAGER, CONTENT]],
  // Not in SPEC.md: one enquiry, opened by whoever opens the list (docs/decisions.md).
  SupportEnquiry: ["/support/enquiries/:id", [ADMIN, SUPPORT, CLIENT, MANAGER, CONTENT]],
  SupportChat: ["/support/chat", [ADMIN, CLIENT, SUPPORT]],
  SupportCreateEnquiry: ["/support/create-enquiry", [ADMIN, CLIENT]],
  PlayersBase: ["/players-base", [ADMIN, MANAGER, SUPPORT]],
  PlayerUpdates: ["/players-base/update", [ADMIN]],
  // SPEC.md lists /cabinet without roles; it is the start screen of both pseudo-states.
  Cabinet: ["/cabinet/:preselect?", SIGNED_IN],
  // Not in SPEC.md (issue 28): a client approves a device's code; the QR link opens it.
  ConnectDevice: ["/connect-device", [CLIENT]],
  Subscribe: ["/subscribe", SIGNED_IN],
  DetailTariff: ["/detail-tariff/:id/:clientId?", SIGNED_IN],
  ClientObjectsList: ["/client-objects", SIGNED_IN],
  ClientObject: ["/client-objects/:id/:clientId?", SIGNED_IN],
  ClientObjectHistory: ["/client-objects/:id/history-broadcast/:clientId?", SIGNED_IN],
  ClientObjectChange: ["/client-objects/:id/change/:clientId?", SIGNED_IN],
  AddClientObjects: ["/add-client-objects", SIGNED_IN],
  Profile: ["/profile", SIGNED_IN],
  ProfileById: ["/profile/:id", SIGNED_IN],
  ProfileLegalList: ["/profile/legal-list", SIGNED_IN],
  ProfileAddCompany: ["/profile/add-company", SIGNED_IN],
  AllTariff: ["/all-tariff", [ADMIN]],
  CreateTariff: ["/create-tariff/:id?", [ADMIN]],
  Integrations: ["/integrations", [ADMIN]],
  Client: ["/client/:clientId", [ADMIN, MANAGER]],
  BroadcastHistory: ["/broadcast-history/:id/:clientId?", [ADMIN]],
  RoleAdminPlayer: ["/role-admin-player/:id", [ADMIN]],
  CreateUser: ["/create-user", [ADMIN, MANAGER]],
  EditUser: ["/edit-user/:clientId", [ADMIN, MANAGER]],
};

/** SPEC.md §2 Start screen by role, with the paths of those screens. */
const START: Record<Role, [string, string]> = {
  "wait-activation": ["Cabinet", "/cabinet"],
  "role-admin": ["ClientBase", "/client-base"],
  "role-client": ["ClientObjectsList", "/client-objects"],
  "edit-personal-info": ["Cabinet", "/cabinet"],
  "role-content-manager": ["Playlists", "/playlists"],
  "role-client-manager": ["ClientBase", "/client-base"],
  "role-support": ["SupportEnquiries", "/support/enquiries"],
  "player-device": ["Players", "/players"],
};

const FULLSCREEN = ["Auth", "Offer", "Ppd", "Policy", "WebPlayer"];

function expectedFor(route: RouteDefinition): [string, readonly Who[]] {
  const row = EXPECTED[route.name];
  if (!row) throw new Error(`SPEC.md table lacks ${route.name}`);
  return row;
}

describe("route table", () => {
  it("has exactly the routes of SPEC.md §2, at their paths", () => {
    expect(ROUTE_LIST.map((route) => route.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const route of ROUTE_LIST) expect(route.path, route.name).toBe(expectedFor(route)[0]);
  });

  it("gives every route a title", () => {
    for (const route of ROUTE_LIST) expect(route.title.trim(), route.name).not.toBe("");
  });

  it("marks auth and legal pages fullscreen and nothing else", () => {
    const fullscreen = ROUTE_LIST.filter((route) => route.fullscreen).map((route) => route.name);
    expect(fullscreen.sort()).toEqual([...FULLSCREEN].sort());
  });
});

describe("route access", () => {
  // One table test: every role × route, a wrong cell named in the failure.
  it("lets exactly SPEC.md §2's roles open each route", () => {
    const wrong: string[] = [];
    for (const route of ROUTE_LIST) {
      for (const who of EVERYONE) {
        const allowed = expectedFor(route)[1].includes(who);
        if (canAccessRoute(route, who === "anonymous" ? undefined : who) !== allowed) {
          wrong.push(`${who} ${allowed ? "may" : "may not"} open ${route.path}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("start screen by role", () => {
  for (const role of ROLES) {
    it(`${role} starts at ${START[role][0]}`, () => {
      expect(START_SCREEN[role]).toBe(START[role][0]);
      expect(startPathOf(role)).toBe(START[role][1]);
    });

    it(`${role} may open its own start screen`, () => {
      expect(canAccessRoute(ROUTES[START_SCREEN[role]], role)).toBe(true);
    });
  }
});

describe("route guard", () => {
  const signedIn = (role: Role) => ({ status: "signed-in" as const, role, waitExpired: false });
  const signedOut = {
    status: "signed-out" as const,
    role: "wait-activation" as const,
    waitExpired: false,
  };

  it("always renders open routes for a visitor", () => {
    for (const name of ["Home", "Auth", "Offer", "Ppd", "Policy", "WebPlayer"] as const) {
      expect(decideRoute(ROUTES[name], signedOut)).toEqual({ kind: "render" });
    }
  });

  it("sends a visitor who is not signed in Home from every other route", () => {
    for (const route of ROUTE_LIST.filter((item) => item.access.kind !== "open")) {
      expect(decideRoute(route, signedOut), route.name).toEqual({
        kind: "redirect",
        to: "/",
        rememberReturn: true,
      });
    }
  });

  it("waits while the login state is unknown, then goes Home once the wait is over", () => {
    const unknown = { status: "unknown" as const, role: "role-admin" as const };
    expect(decideRoute(ROUTES.ClientBase, { ...unknown, waitExpired: false })).toEqual({
      kind: "wait",
    });
    expect(decideRoute(ROUTES.ClientBase, { ...unknown, waitExpired: true })).toEqual({
      kind: "redirect",
      to: "/",
      rememberReturn: true,
    });
    expect(decideRoute(ROUTES.Offer, { ...unknown, waitExpired: false })).toEqual({
      kind: "render",
    });
  });

  it("renders allowed routes and sends others to the role's start screen, for every role × route", () => {
    for (const role of ROLES) {
      for (const route of ROUTE_LIST) {
        if (route.name === "Home" || route.name === "Auth") continue;
        const allowed = expectedFor(route)[1].includes(role);
        const expected = allowed ? { kind: "render" } : { kind: "redirect", to: START[role][1] };
        expect(decideRoute(route, signedIn(role)), `${role} ${route.name}`).toEqual(expected);
      }
    }
  });

  it("sends a signed-in user opening Home or Auth to their start screen", () => {
    for (const role of ROLES) {
      for (const name of ["Home", "Auth"] as const) {
        expect(decideRoute(ROUTES[name], signedIn(role))).toEqual({
          kind: "redirect",
          to: START[role][1],
        });
      }
    }
  });

  it("returns a user who signs in to where the guard sent them Home from, once", () => {
    const returnTo = "/cabinet?code=482913";
    for (const name of ["Home", "Auth"] as const) {
      expect(decideRoute(ROUTES[name], { ...signedIn(CLIENT), returnTo })).toEqual({
        kind: "redirect",
        to: returnTo,
        returning: true,
      });
      // Not signed in yet: the page renders and the path waits.
      expect(decideRoute(ROUTES[name], { ...signedOut, returnTo })).toEqual({ kind: "render" });
    }
    // Other routes are not redirected by a remembered path.
    expect(decideRoute(ROUTES.Profile, { ...signedIn(CLIENT), returnTo })).toEqual({
      kind: "render",
    });
  });
});
