/**
 * Roles and account states of SPEC.md §1, §2 and §6. Role values carry the
 * prefix 'role-'; the two pseudo-states do not.
 */
export const REAL_ROLES = [
  "role-admin",
  "role-client",
  "role-content-manager",
  "role-client-manager",
  "role-support",
] as const;

export const PSEUDO_ROLES = ["wait-activation", "edit-personal-info"] as const;

/**
 * The state of a device signed in by a second-device approval: a player of
 * one establishment, never its owner's account powers. It is not a role
 * anyone can be given; the server puts it in a device session's token.
 */
export const PLAYER_DEVICE = "player-device";

/** What a role change may give: every role and pseudo-state but the device's. */
export const ASSIGNABLE_ROLES = [...REAL_ROLES, ...PSEUDO_ROLES] as const;

export const ROLES = [...ASSIGNABLE_ROLES, PLAYER_DEVICE] as const;

/** Marker that may stand in `authority` beside a role; never the active role. */
export const SIGN_AGREEMENT = "sign-agreement";
/** The spelling SPEC.md also mentions for the same marker. */
export const SIGN_AGREEMENT_ALIASES = [SIGN_AGREEMENT, "sign-sign-agreement"] as const;

export type RealRole = (typeof REAL_ROLES)[number];
export type PseudoRole = (typeof PSEUDO_ROLES)[number];
export type Role = (typeof ROLES)[number];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Staff roles: the roles an admin or client manager gives directly. */
export const STAFF_ROLES = [
  "role-admin",
  "role-content-manager",
  "role-client-manager",
  "role-support",
] as const satisfies readonly RealRole[];

/**
 * Role groups: who reaches a client's things (profile, organizations,
 * establishments, subscriptions). The server's policies decide by them and
 * the web's route table opens the same screens to the same groups.
 */
/** Staff who manage clients: activate, edit, block, subscribe for them. */
export const CLIENT_MANAGING_ROLES: readonly Role[] = ["role-admin", "role-client-manager"];
/** Staff who see clients' and users' data (the client base, support). */
export const CLIENT_READING_ROLES: readonly Role[] = [...CLIENT_MANAGING_ROLES, "role-support"];
/** Account states of a client, or of an account on its way to be one. */
export const CLIENT_STATES: readonly Role[] = [
  "role-client",
  "wait-activation",
  "edit-personal-info",
];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function isRealRole(value: string): value is RealRole {
  return (REAL_ROLES as readonly string[]).includes(value);
}

/**
 * The active role of an authority list (SPEC.md §4): the first entry that is
 * not the sign-agreement marker and is a known role; undefined if none.
 */
export function activeRole(authority: readonly string[]): Role | undefined {
  const found = authority.find(
    (entry) => !(SIGN_AGREEMENT_ALIASES as readonly string[]).includes(entry),
  );
  return found !== undefined && isRole(found) ? found : undefined;
}

/** Whether the authority list still waits for the offer to be accepted. */
export function needsAgreement(authority: readonly string[]): boolean {
  return authority.some((entry) => (SIGN_AGREEMENT_ALIASES as readonly string[]).includes(entry));
}
