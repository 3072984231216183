import { CLIENT_READING_ROLES, roleMay } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";
import { playerErrors } from "../registry/players.errors.ts";
import { assertMayReadPlayer, type OwnedPlayer } from "../registry/players.policy.ts";

/**
 * Who may read a player's plan: its owner, staff who see clients, and a
 * device session of its establishment (a device bound to one player only
 * that player's). Pure; called first by the plan's service.
 */
export function assertMayReadPlan(actor: Actor, player: OwnedPlayer & { id: string }): void {
  if (
    actor.sessionKind === "browser" &&
    !(
      roleMay(actor.role, "ownVenues") ||
      (actor.role !== undefined && CLIENT_READING_ROLES.includes(actor.role))
    )
  ) {
    throw errors.forbidden("Only the player's owner, staff who see clients, or its device");
  }
  const access = assertMayReadPlayer(actor, player);
  // Nobody learns which ids exist: another player of the venue is as unknown as any.
  if (access === "device" && actor.playerId && actor.playerId !== player.id) {
    throw playerErrors.notFound();
  }
}
