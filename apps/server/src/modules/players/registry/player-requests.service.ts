import { normalizePhone, type PlayerRequest, type playersApi } from "@fonika/shared";
import type { z } from "zod";
import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";
import { assertMayChangeClient, isClientAccount } from "../../../lib/client-access.ts";
import { type Page, toPage } from "../../../lib/paging.ts";
import { playerErrors } from "./players.errors.ts";
import { assertMayReadPlayersBase } from "./players.policy.ts";
import type { PlayerRequestRow } from "./players.repository.ts";
import type { RegistryDependencies } from "./players.service.ts";

type Body<E extends { body?: z.ZodType }> = z.output<NonNullable<E["body"]>>;
type Query<E extends { query?: z.ZodType }> = z.output<NonNullable<E["query"]>>;

export type PlayerRequestsDependencies = Pick<
  RegistryDependencies,
  "store" | "findAccount" | "accounts"
>;

/**
 * Clients' requests about players — to buy a box player, to stop a
 * player's service — kept for staff to call back and listed for them.
 * A request changes no player: staff act on it by hand.
 */
export class PlayerRequestsService {
  constructor(private readonly deps: PlayerRequestsDependencies) {}

  /** Stores a client's request to buy a box player, for staff to call back. */
  async requestPurchase(
    actor: Actor,
    userId: string,
    body: Body<typeof playersApi.sendPlayerRequest>,
  ): Promise<PlayerRequest> {
    assertMayChangeClient(actor, userId);
    const account = await this.deps.findAccount(userId);
    if (!account || !isClientAccount(account)) throw playerErrors.ownerNotClient();
    const phone = normalizePhone(body.phone);
    if (!phone) throw errors.invalidPhone();
    const row = await this.deps.store.players.insertRequest({
      kind: "purchase",
      userId,
      playerId: null,
      playerName: null,
      name: body.name,
      phone,
      email: body.email?.toLowerCase() ?? null,
      company: body.company ?? null,
      address: body.address,
      quantity: body.quantity,
      comment: body.comment || null,
    });
    return this.presentRequest(row);
  }

  /** Stores a client's request to stop a player's service (staff then call and remove it). */
  async requestLeave(
    actor: Actor,
    userId: string,
    body: Body<typeof playersApi.leaveRequest>,
  ): Promise<PlayerRequest> {
    assertMayChangeClient(actor, userId);
    const player = await this.deps.store.players.findPlayer(body.playerId);
    if (!player || player.userId !== userId) throw playerErrors.notFound();
    const row = await this.deps.store.players.insertRequest({
      kind: "leave",
      userId,
      playerId: player.id,
      playerName: player.name,
      name: null,
      phone: null,
      email: null,
      company: null,
      address: player.address,
      quantity: null,
      comment: body.comment || null,
    });
    return this.presentRequest(row);
  }

  async listRequests(
    actor: Actor,
    query: Query<typeof playersApi.listPlayerRequests>,
  ): Promise<Page<PlayerRequest>> {
    assertMayReadPlayersBase(actor);
    const { rows, total } = await this.deps.store.players.listRequests({
      kind: query.kind,
      limit: query.count,
      offset: query.page * query.count,
    });
    const names = await this.deps.accounts.namesOf([...new Set(rows.map((row) => row.userId))]);
    return toPage(
      rows.map((row) => this.presentRequest(row, names)),
      total,
      query.count,
    );
  }

  private presentRequest(
    row: PlayerRequestRow,
    clientNames: Map<string, string> = new Map(),
  ): PlayerRequest {
    return {
      id: row.id,
      kind: row.kind === "leave" ? "leave" : "purchase",
      userId: row.userId,
      clientName: clientNames.get(row.userId) ?? "",
      playerId: row.playerId,
      playerName: row.playerName,
      name: row.name,
      phone: row.phone,
      email: row.email,
      company: row.company,
      address: row.address,
      quantity: row.quantity,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
