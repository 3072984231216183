import { CLIENT_MANAGING_ROLES, mayCall, tariffsApi } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { errors } from "../../lib/app-error.ts";
import { isClientActor } from "../../lib/client-access.ts";

/**
 * Who may do what with tariffs: anyone, signed in or not, reads the
 * tariffs on offer (a visitor without abilities); only the admin makes and
 * changes tariffs; admins and client managers grant a client playlists
 * under a tariff. Pure; called first. Who makes and changes tariffs, and
 * who grants playlists, is what those endpoints admit (their `roles`).
 */

/**
 * Listing every tariff, adding and changing one: whom `addTariff` admits,
 * as `listAllTariffs` and `changeTariff` do (lib/policy-roles.test.ts).
 */
export function assertMayManageTariffs(actor: Actor): void {
  if (!mayCall(tariffsApi.addTariff, actor.role)) {
    throw errors.forbidden("Only an admin manages tariffs");
  }
}

/** Who sees tariffs that are not on offer (inactive): the admin and client managers. */
export function maySeeInactiveTariffs(actor: Actor): boolean {
  return actor.role !== undefined && CLIENT_MANAGING_ROLES.includes(actor.role);
}

/** Whom `addUserTariffPlaylist` admits, as `removeUserTariffPlaylist` does. */
function mayGrantPlaylists(actor: Actor): boolean {
  return mayCall(tariffsApi.addUserTariffPlaylist, actor.role);
}

export function assertMayGrantPlaylists(actor: Actor): void {
  if (!mayGrantPlaylists(actor)) {
    throw errors.forbidden("Only an admin or a client manager grants playlists");
  }
}

/**
 * What the actor may do with a tariff: the admin edits it; a client
 * subscribes their venues, managers a client's; managers grant a client
 * more playlists under it.
 */
export function tariffAbilities(
  actor: Actor,
  active: boolean,
): { edit: boolean; subscribe: boolean; grantPlaylists: boolean } {
  return {
    edit: mayCall(tariffsApi.changeTariff, actor.role),
    subscribe: active && (isClientActor(actor) || maySeeInactiveTariffs(actor)),
    grantPlaylists: mayGrantPlaylists(actor),
  };
}
