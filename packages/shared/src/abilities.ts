import { createEnquiry } from "./contracts/support.ts";
import { CHAT_ROLES, CHAT_STAFF_ROLES } from "./contracts/support-common.ts";
import { entryTree } from "./contracts/vault.ts";
import type { Endpoint, SessionKind } from "./endpoint.ts";
import { PLAYER_DEVICE, type Role } from "./roles.ts";

/**
 * What a role may do at all, asked by name instead of by comparing role
 * names. What a caller may do with one thing (a subscription, an enquiry)
 * comes with that thing from the server (`abilities`); these are the
 * role-wide ones the web needs before it has a thing: which variant of a
 * screen to show, which menu counters to keep, whether to offer an action.
 * Each is derived from an endpoint's `roles` or the role groups the
 * server's policies decide by, so that the web and the server cannot drift
 * apart; a list spelled here is the one statement of that rule.
 */

/** The sessions a bearer call accepts unless its definition names others (the server's default). */
export const DEFAULT_SESSIONS: readonly SessionKind[] = ["browser"];

/** Who calls, as the server's admission sees them: the active role and the session's kind. */
export interface Caller {
  role: Role | undefined;
  sessionKind: SessionKind;
}

/** Whether the endpoint accepts tokens of this session kind (browser only unless it names others). */
export function acceptsSession(
  endpoint: Pick<Endpoint, "sessions">,
  sessionKind: SessionKind,
): boolean {
  return (endpoint.sessions ?? DEFAULT_SESSIONS).includes(sessionKind);
}

/** Whether the endpoint admits this active role: any, when it names no roles. */
export function acceptsRole(endpoint: Pick<Endpoint, "roles">, role: Role | undefined): boolean {
  return endpoint.roles === undefined || (role !== undefined && endpoint.roles.includes(role));
}

/**
 * Whether the server admits this caller to a bearer endpoint before its
 * handler (apps/server's `admit`): a session kind it accepts and, when it
 * names roles, one of them. A public call admits everyone. The server's
 * policies guard their services by it, so that an endpoint's roles are
 * stated once, in its definition, and hold outside HTTP too.
 */
export function admits(
  endpoint: Pick<Endpoint, "auth" | "sessions" | "roles">,
  caller: Caller,
): boolean {
  if (endpoint.auth === "public") return true;
  return acceptsSession(endpoint, caller.sessionKind) && acceptsRole(endpoint, caller.role);
}

/**
 * Whether a caller of this role is admitted to the endpoint, as the server
 * admits a bearer call before anything else: a session kind it accepts (a
 * player device's role is its session's) and, when it names roles, one of
 * them. A public call admits everyone. The policy may still refuse a
 * particular thing (ownership, state): this answers only "at all".
 */
export function mayCall(
  endpoint: Pick<Endpoint, "auth" | "sessions" | "roles">,
  role: Role | undefined,
): boolean {
  if (endpoint.auth === "public") return true;
  if (role === undefined) return false;
  return admits(endpoint, { role, sessionKind: role === PLAYER_DEVICE ? "device" : "browser" });
}

/** The roles an endpoint names; a definition without them is a mistake here, said at load. */
function rolesOf(endpoint: Endpoint): readonly Role[] {
  if (!endpoint.roles) throw new Error(`${endpoint.path} names no roles to derive an ability from`);
  return endpoint.roles;
}

/** Who writes to support as a client: the chat's roles that do not answer it. */
const SUPPORT_ASKING_ROLES = CHAT_ROLES.filter((role) => !CHAT_STAFF_ROLES.includes(role));

/** The role-wide abilities, each with the roles that have it. */
export const ROLE_ABILITIES = {
  /**
   * Has venues and players of their own (a client): the owner's side of the
   * screens — their silent players counted in the menu, a box player to
   * buy, the playlists as a catalogue for their players rather than the
   * library's editor — and the only accounts a subscription is made for.
   */
  ownVenues: ["role-client"],
  /**
   * Approves a second device's code, which signs that device in as a
   * player of their venue (auth's policy `assertMayApproveDeviceCode`,
   * whose endpoint names no roles).
   */
  approveDevices: ["role-client"],
  /**
   * Writes to support as the client's side (enquiries and chat); every
   * other role that opens support answers on staff's side.
   */
  askSupport: SUPPORT_ASKING_ROLES,
  /** Creates an enquiry on a client's behalf, choosing the client: who creates one without asking. */
  enquireForClients: rolesOf(createEnquiry).filter((role) => !SUPPORT_ASKING_ROLES.includes(role)),
  /** Works in the library: its tree in the menu, and search suggestions that open there. */
  editLibrary: rolesOf(entryTree),
} as const satisfies Record<string, readonly Role[]>;

export type RoleAbility = keyof typeof ROLE_ABILITIES;

export const ROLE_ABILITY_NAMES = Object.keys(ROLE_ABILITIES) as RoleAbility[];

/** Whether a role has an ability; no role (signed out, unknown) has none. */
export function roleMay(role: Role | undefined, ability: RoleAbility): boolean {
  return role !== undefined && (ROLE_ABILITIES[ability] as readonly Role[]).includes(role);
}

/** Every ability a role has, in the order ROLE_ABILITIES names them. */
export function roleAbilitiesOf(role: Role): RoleAbility[] {
  return ROLE_ABILITY_NAMES.filter((ability) => roleMay(role, ability));
}
