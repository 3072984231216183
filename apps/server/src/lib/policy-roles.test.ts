import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  ASSIGNABLE_ROLES,
  accountsApi,
  admits,
  catalogApi,
  type Endpoint,
  historyApi,
  leadsApi,
  PLAYER_DEVICE,
  playersApi,
  playerUpdatesApi,
  playlistsApi,
  type Role,
  songsApi,
  subscriptionsApi,
  supportApi,
  tariffsApi,
  vaultApi,
} from "@fonika/shared";
import { describe, expect, it } from "vitest";
import type { Actor } from "../kernel/actor.ts";
import {
  assertMayChangeRoles,
  assertMayListUsers,
  assertMayManageAccounts,
} from "../modules/accounts/accounts.policy.ts";
import { assertMayReportAllVenues } from "../modules/history/history.policy.ts";
import { assertMayListLeads } from "../modules/leads/leads.policy.ts";
import {
  assertMayEditCatalog,
  assertMayReadAuthorDocuments,
} from "../modules/library/catalog/catalog.policy.ts";
import { assertMayEditPlaylists } from "../modules/library/playlists/playlists.policy.ts";
import { assertMayEditLibrary } from "../modules/library/songs/songs.policy.ts";
import { assertMayUseVault } from "../modules/library/vault/vault.policy.ts";
import { assertMayReadPlayersBase } from "../modules/players/registry/players.policy.ts";
import {
  assertMayDownloadPlayerUpdate,
  assertMayManagePlayerUpdates,
} from "../modules/players/updates/player-updates.policy.ts";
import {
  assertMayListAllSubscriptions,
  assertMayManageSubscriptions,
} from "../modules/subscriptions/subscriptions.policy.ts";
import { assertMayListAssignees, mayControlPlayers } from "../modules/support/support.policy.ts";
import { assertMayManageTariffs } from "../modules/tariffs/tariffs.policy.ts";

/**
 * Issue 29: an endpoint's roles are stated once, in its contract. The
 * policies that guard its service (called first, also outside HTTP) take
 * their role rule from that endpoint, so they cannot drift from the
 * server's admission; where one policy guards several endpoints, those
 * endpoints must state the same roles.
 */

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === "object" && value !== null && "path" in value && "method" in value;
}

/** The actors there are: a person's browser in each role (or none), and a player device. */
const ACTORS: Actor[] = [
  ...[...ASSIGNABLE_ROLES, undefined].map(
    (role): Actor => ({
      userId: "00000000-0000-4000-8000-000000000001",
      authority: role ? [role] : [],
      role: role as Role | undefined,
      sessionId: "session",
      sessionKind: "browser",
      establishmentId: null,
    }),
  ),
  {
    userId: "00000000-0000-4000-8000-000000000001",
    authority: [PLAYER_DEVICE],
    role: PLAYER_DEVICE,
    sessionId: "device",
    sessionKind: "device",
    establishmentId: "00000000-0000-4000-8000-000000000002",
  },
];

function passes(check: (actor: Actor) => unknown, actor: Actor): boolean {
  try {
    return check(actor) !== false;
  } catch {
    return false;
  }
}

/** Each policy's role check, and every endpoint whose calls it guards. */
const GUARDS: Array<[string, (actor: Actor) => unknown, Endpoint[]]> = [
  [
    "assertMayManagePlayerUpdates",
    assertMayManagePlayerUpdates,
    [
      playerUpdatesApi.uploadPlayerUpdate,
      playerUpdatesApi.changePlayerUpdateMeta,
      playerUpdatesApi.listPlayerUpdates,
    ],
  ],
  [
    "assertMayDownloadPlayerUpdate",
    assertMayDownloadPlayerUpdate,
    [playerUpdatesApi.getPlayerUpdateFile],
  ],
  [
    "assertMayReadPlayersBase",
    assertMayReadPlayersBase,
    [playersApi.listAllPlayers, playersApi.listPlayerRequests],
  ],
  ["assertMayReportAllVenues", assertMayReportAllVenues, [historyApi.allVenuesReport]],
  [
    "assertMayUseVault",
    assertMayUseVault,
    (Object.values(vaultApi) as unknown[]).filter(isEndpoint),
  ],
  [
    "assertMayEditLibrary",
    assertMayEditLibrary,
    [songsApi.addSong, songsApi.changeSongMeta, songsApi.changeSongAvatar, songsApi.removeSong],
  ],
  [
    "assertMayEditPlaylists",
    assertMayEditPlaylists,
    [
      playlistsApi.addPlaylist,
      playlistsApi.changePlaylist,
      playlistsApi.removePlaylist,
      playlistsApi.changePlaylistAvatar,
      playlistsApi.changePlaylistSummaryTrack,
    ],
  ],
  [
    "assertMayEditCatalog",
    assertMayEditCatalog,
    [
      catalogApi.addAuthor,
      catalogApi.changeAuthor,
      catalogApi.removeAuthor,
      catalogApi.addCopyrightHolder,
      catalogApi.changeCopyrightHolder,
      catalogApi.removeCopyrightHolder,
      catalogApi.addGenre,
      catalogApi.changeGenre,
      catalogApi.removeGenre,
      catalogApi.addAuthorAttachment,
      catalogApi.removeAuthorAttachment,
    ],
  ],
  [
    "assertMayReadAuthorDocuments",
    assertMayReadAuthorDocuments,
    [catalogApi.listAuthorAttachments, catalogApi.getAuthorAttachment],
  ],
  ["assertMayListLeads", assertMayListLeads, [leadsApi.listLeads]],
  [
    "assertMayManageTariffs",
    assertMayManageTariffs,
    [tariffsApi.listAllTariffs, tariffsApi.addTariff, tariffsApi.changeTariff],
  ],
  ["assertMayListAssignees", assertMayListAssignees, [supportApi.listSupportAssignees]],
  ["mayControlPlayers", mayControlPlayers, [supportApi.commandEnquiryPlayer]],
  ["assertMayListUsers", assertMayListUsers, [accountsApi.listUsers]],
  ["assertMayChangeRoles", assertMayChangeRoles, [accountsApi.changeRole, accountsApi.createUser]],
  [
    "assertMayManageAccounts",
    assertMayManageAccounts,
    [accountsApi.blockAccount, accountsApi.unblockAccount],
  ],
  [
    "assertMayListAllSubscriptions",
    assertMayListAllSubscriptions,
    [subscriptionsApi.listSubscriptions],
  ],
  [
    "assertMayManageSubscriptions",
    assertMayManageSubscriptions,
    [
      subscriptionsApi.decideSubscriptionItem,
      subscriptionsApi.activateSubscription,
      subscriptionsApi.suspendSubscription,
      subscriptionsApi.resumeSubscription,
    ],
  ],
];

describe("a policy's roles are its endpoints'", () => {
  it("guards only endpoints that name their roles", () => {
    for (const [name, , endpoints] of GUARDS) {
      expect(endpoints.length, name).toBeGreaterThan(0);
      for (const endpoint of endpoints) expect(endpoint.roles, endpoint.path).toBeDefined();
    }
  });

  it("finds the endpoints one policy guards stating the same roles and sessions", () => {
    const drift = GUARDS.flatMap(([name, , [first, ...others]]) =>
      others
        .filter(
          (endpoint) =>
            [...(endpoint.roles ?? [])].sort().join() !== [...(first?.roles ?? [])].sort().join() ||
            [...(endpoint.sessions ?? [])].sort().join() !==
              [...(first?.sessions ?? [])].sort().join(),
        )
        .map((endpoint) => `${name}: ${endpoint.path} differs from ${first?.path}`),
    );
    expect(drift).toEqual([]);
  });

  it("lets through exactly the actors the server admits to those endpoints", () => {
    const wrong = GUARDS.flatMap(([name, check, endpoints]) =>
      endpoints.flatMap((endpoint) =>
        ACTORS.filter((actor) => passes(check, actor) !== admits(endpoint, actor)).map(
          (actor) => `${name} / ${endpoint.path}: ${actor.sessionKind} ${actor.role}`,
        ),
      ),
    );
    expect(wrong).toEqual([]);
  });
});

/**
 * Where a policy still compares the active role with a role's name, and
 * why: a rule inside the calls its endpoint admits (which of the admitted
 * roles may do what to whom), or a rule no endpoint states. A role check
 * that an endpoint states belongs there, and the policy asks `mayCall` or
 * `admits`; a role-wide ability, `roleMay`.
 */
const NAMED_ROLE_CHECKS: Record<string, string[]> = {
  "accounts/accounts.policy.ts": [
    // Only an account still filling in its profile creates it; no endpoint roles.
    "assertMayCreateProfile",
    // Among those who edit a profile, an admin any, a client manager a client's.
    "assertMayEditProfile",
    // A client manager creates only clients (createUser admits both).
    "assertMayCreateUser",
    // An admin keeps their own admin role; a client manager gives client roles.
    "assertMayChangeRole",
    // A client manager blocks no staff (blockAccount admits both).
    "assertMayBlockAccount",
    // An admin does not delete themselves; a client manager deletes no staff.
    "assertMayDeleteAccount",
  ],
  // Who an enquiry is assigned to (support members and admins): no endpoint's roles.
  // A content manager sees the enquiries about music content.
  "support/support.policy.ts": ["enquiryScopeOf", "isAssignee"],
};

const MODULES = join(import.meta.dirname, "../modules");

function policyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return policyFiles(path);
    return entry.name.endsWith(".policy.ts") ? [path] : [];
  });
}

/** `actor.role === "…"` and the like: the caller's active role compared with a role's name. */
const NAMED_ROLE = /\bactor\.role\s*[!=]==?\s*"/;

/** The function a line stands in: the nearest `function name` above it. */
function functionAt(lines: string[], index: number): string {
  for (let at = index; at >= 0; at--) {
    const found = lines[at]?.match(/function (\w+)/);
    if (found?.[1]) return found[1];
  }
  return "(top level)";
}

describe("policies name no role where an endpoint states it", () => {
  it("compares the active role with a role's name only where the list above says why", () => {
    const unexplained: string[] = [];
    const seen = new Set<string>();
    for (const file of policyFiles(MODULES)) {
      const name = relative(MODULES, file).split("\\").join("/");
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, index) => {
        if (!NAMED_ROLE.test(line)) return;
        const fn = functionAt(lines, index);
        seen.add(`${name}#${fn}`);
        if (!NAMED_ROLE_CHECKS[name]?.includes(fn)) {
          unexplained.push(`${name}:${index + 1} ${fn}: ${line.trim()}`);
        }
      });
    }
    expect(unexplained).toEqual([]);
    // The list says no more than is there.
    const stale = Object.entries(NAMED_ROLE_CHECKS).flatMap(([file, fns]) =>
      fns.filter((fn) => !seen.has(`${file}#${fn}`)).map((fn) => `${file}#${fn}`),
    );
    expect(stale).toEqual([]);
  });

  it("keeps the guards above free of role names and role groups", () => {
    const sources = new Map(
      policyFiles(MODULES).map((file) => [file, readFileSync(file, "utf8")] as const),
    );
    const named: string[] = [];
    for (const [name] of GUARDS) {
      const body = [...sources.values()]
        .map((source) => source.match(new RegExp(`function ${name}\\([^]*?\\n}`))?.[0])
        .find(Boolean);
      expect(body, name).toBeDefined();
      if (/"role-|"player-device"|_ROLES\b|isStaff|isManager/.test(body ?? "")) named.push(name);
    }
    expect(named).toEqual([]);
  });
});
