import { admits, playersApi } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";
import { type ClientAccess, clientAccessOf } from "../../../lib/client-access.ts";
import { playerErrors } from "./players.errors.ts";

/** Who may do what with players. Pure; called first in every service method. */

/** A player as the rules see it: its owner and establishment. */
export interface OwnedPlayer {
  id: string;
  userId: string;
  establishmentId: string;
}

/**
 * How the actor reaches a player: as a client reaches their things (owner,
 * manager, reader), or as a device session of the player's establishment,
 * which plays it but changes nothing. A device bound to one player (a web
 * player's session) reaches that one only.
 */
export type PlayerAccess = ClientAccess | "device";

export function playerAccessOf(actor: Actor, player: OwnedPlayer): PlayerAccess {
  if (actor.sessionKind === "device") {
    const own =
      actor.userId === player.userId &&
      actor.establishmentId === player.establishmentId &&
      (!actor.playerId || actor.playerId === player.id);
    return own ? "device" : "none";
  }
  return clientAccessOf(actor, player.userId);
}

/** Throws 404 unless the actor may see the player: nobody learns which ids exist. */
export function assertMayReadPlayer(actor: Actor, player: OwnedPlayer): PlayerAccess {
  const access = playerAccessOf(actor, player);
  if (access === "none") throw playerErrors.notFound();
  return access;
}

/** Throws unless the actor may change the player (its owner, or a manager); others who see it hear 403. */
export function assertMayChangePlayer(actor: Actor, player: OwnedPlayer): void {
  const access = assertMayReadPlayer(actor, player);
  if (access !== "owner" && access !== "manager") {
    throw errors.forbidden("Only the player's owner, an admin or a client manager");
  }
}

/**
 * Only its owner plays a web player in a browser (play-here, or a web
 * player's code they approve): a player they do not see is a 404, one they
 * see but do not own a 403, a box player a 400.
 */
export function assertMayPlayInBrowser(actor: Actor, player: OwnedPlayer & { type: string }): void {
  const access = assertMayReadPlayer(actor, player);
  if (access !== "owner") throw errors.forbidden("Only the player's owner plays it in a browser");
  if (player.type !== "web") throw playerErrors.notWebPlayer();
}

/**
 * The players base and the requests are staff's who see clients: whom
 * `listAllPlayers` admits, as `listPlayerRequests` does (lib/policy-roles.test.ts).
 */
export function assertMayReadPlayersBase(actor: Actor): void {
  if (!admits(playersApi.listAllPlayers, actor)) {
    throw errors.forbidden("Only staff who see clients");
  }
}

/** What the actor may do with a player, sent beside it. */
export function playerAbilities(actor: Actor, player: OwnedPlayer) {
  const access = playerAccessOf(actor, player);
  const changes = access === "owner" || access === "manager";
  return { edit: changes, remove: changes };
}
