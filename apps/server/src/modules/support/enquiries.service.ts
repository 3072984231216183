import {
  activeRole,
  CHAT_STAFF_ROLES,
  type Enquiry,
  type EnquiryState,
  type SupportPerson,
  type SupportPlayerCommand,
  type SupportUnread,
  type supportApi,
} from "@fonika/shared";
import type { z } from "zod";
import type { Executor } from "../../db/client.ts";
import type { Actor } from "../../kernel/actor.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import { type Page, toPage } from "../../lib/paging.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { AlertEnquiries } from "./alert-enquiries.ts";
import { EnquiryNews } from "./enquiries.news.ts";
import { EnquiryPresenter, type EnquiryPresenterPorts, factsOf } from "./enquiries.presenter.ts";
import type { EnquiryRow } from "./enquiries.repository.ts";
import { EventStamps } from "./enquiry-stamps.ts";
import { SUPPORT_TEXTS, supportErrors } from "./support.errors.ts";
import { takeSupportMessageSlot } from "./support.limits.ts";
import {
  assertMayAssign,
  assertMayControlPlayers,
  assertMayListAssignees,
  assertMayMove,
  assertMayReply,
  assertMaySeeEnquiry,
  clientOfNewEnquiry,
  enquiryScopeOf,
  isAssignee,
  type Side,
  sideOf,
  stateAfterReply,
  subjectOf,
} from "./support.policy.ts";
import { SupportStore } from "./support.store.ts";

type Body<E extends { body?: z.ZodType }> = z.output<NonNullable<E["body"]>>;
type Query<E extends { query?: z.ZodType }> = z.output<NonNullable<E["query"]>>;

/** Who an enquiry may be assigned to. */
const ASSIGNEE_ROLES = ["role-support", "role-admin"] as const;

export interface EnquiriesDependencies extends Omit<EnquiryPresenterPorts, "playerNamesOf"> {
  store: SupportStore;
  bus: Pick<EventBus, "publish">;
  log: ServiceLog;
  /** Where links in mails lead (config.publicUrl). */
  publicUrl: string;
  accounts: {
    find(
      userId: string,
    ): Promise<{ email: string | null; status: string; authority: string[] } | undefined>;
    activeWithRoles(roles: readonly string[]): Promise<Array<{ id: string; name: string }>>;
  };
  establishments: {
    findOwned(clientId: string, id: string): Promise<{ id: string; name: string } | undefined>;
  };
  players: {
    placesOf(
      ids: readonly string[],
    ): Promise<Map<string, { userId: string; establishmentId: string; name: string }>>;
  };
  /** Sends play, pause or next to a client's player as the owner's own command would (players). */
  commandPlayer(
    staff: Actor,
    player: { playerId: string; ownerId: string },
    command: SupportPlayerCommand,
  ): Promise<unknown>;
  sendMail(message: { to: string; subject: string; text: string }): Promise<void>;
}

/**
 * Enquiries (issue 15): a client, or an admin for them, writes one; both
 * sides answer in its thread; staff move it through its states, assign it
 * and act on the client's players from it. Every change is an event of
 * the thread (who, what, when) and news on the client's and staff's sockets.
 */
export class EnquiriesService {
  private readonly presenter: EnquiryPresenter;
  private readonly news: EnquiryNews;
  private readonly stamps = new EventStamps();
  /** Silence alerts open (or join) enquiries: the players module tells them. */
  readonly alerts: AlertEnquiries;

  constructor(private readonly deps: EnquiriesDependencies) {
    this.presenter = new EnquiryPresenter({
      ...deps,
      playerNamesOf: async (ids) =>
        new Map([...(await deps.players.placesOf(ids))].map(([id, place]) => [id, place.name])),
    });
    this.news = new EnquiryNews(deps);
    this.alerts = new AlertEnquiries({ ...deps, news: this.news, stamps: this.stamps });
  }

  async create(actor: Actor, body: Body<typeof supportApi.createEnquiry>): Promise<Enquiry> {
    const clientId = clientOfNewEnquiry(actor, body.clientId);
    if (clientId !== actor.userId) await this.assertActiveClient(clientId);
    let establishmentId = body.establishmentId ?? null;
    const playerId = body.playerId ?? null;
    if (establishmentId && !(await this.deps.establishments.findOwned(clientId, establishmentId))) {
      throw supportErrors.establishmentNotFound();
    }
    if (playerId) {
      const place = (await this.deps.players.placesOf([playerId])).get(playerId);
      if (place?.userId !== clientId) throw supportErrors.playerNotFound();
      if (establishmentId && place.establishmentId !== establishmentId) {
        throw supportErrors.playerElsewhere();
      }
      establishmentId = place.establishmentId;
    }
    const { store } = this.deps;
    await takeSupportMessageSlot(store.executor, actor.userId);
    const side: Side = sideOf(actor, { clientId });
    const row = await store.withTx(async (tx) => {
      const at = this.stamps.next();
      const enquiry = await tx.enquiries.insertEnquiry({
        clientId,
        createdBy: actor.userId,
        topic: body.topic,
        subject: subjectOf(body.text),
        establishmentId,
        playerId,
        createdAt: at,
        updatedAt: at,
      });
      await this.writeMessage(tx, enquiry.id, actor, side, body, at);
      return enquiry;
    });
    await this.news.announce(row, "created", actor, side);
    return this.presenter.enquiry(store, actor, row);
  }

  async list(
    actor: Actor,
    query: Query<typeof supportApi.listEnquiries>,
  ): Promise<Page<Awaited<ReturnType<EnquiryPresenter["summaries"]>>[number]>> {
    const scope = enquiryScopeOf(actor);
    const { store } = this.deps;
    const { rows, total } = await store.enquiries.listEnquiries(
      scope,
      {
        state: query.state,
        open: query.open === undefined ? undefined : query.open === "true",
        topic: query.topic,
        clientId: query.clientId,
        assigneeId: query.assigneeId,
        query: query.query || undefined,
      },
      { offset: query.page * query.count, limit: query.count },
    );
    return toPage(await this.presenter.summaries(store, actor, rows), total, query.count);
  }

  /** One enquiry with its thread; reading it marks nothing read (markRead does). */
  async get(actor: Actor, id: string): Promise<Enquiry> {
    const row = await this.findSeen(actor, id);
    return this.presenter.enquiry(this.deps.store, actor, row);
  }

  async reply(
    actor: Actor,
    id: string,
    body: Body<typeof supportApi.replyToEnquiry>,
  ): Promise<Enquiry> {
    const { store } = this.deps;
    const seen = await this.findSeen(actor, id);
    // Names are read before the transaction: on PGlite it holds the one connection.
    const names = await this.deps.namesOf([actor.userId]);
    assertMayReply(actor, factsOf(seen));
    await takeSupportMessageSlot(store.executor, actor.userId);
    const { row, side, moved } = await store.withTx(async (tx) => {
      const locked = await this.lockSeen(tx, actor, id);
      const side = assertMayReply(actor, factsOf(locked));
      const at = this.stamps.next();
      await this.writeMessage(tx, id, actor, side, body, at);
      const to = stateAfterReply(side, locked.state as EnquiryState);
      let row = await tx.enquiries.updateEnquiry(id, { updatedAt: at });
      if (to) row = await this.writeMove(tx, actor, side, row, to, names);
      if (side === "staff" && locked.state === "new" && !locked.assigneeId && isAssignee(actor)) {
        row = await this.writeAssignee(tx, actor, row, actor.userId, names);
      }
      return { row, side, moved: to !== null };
    });
    await this.news.announce(row, "message", actor, side);
    if (moved) await this.news.announce(row, "state", actor, side);
    if (side === "staff") await this.news.mailClient(row, body.text);
    return this.presenter.enquiry(store, actor, row);
  }

  async changeState(actor: Actor, id: string, to: EnquiryState): Promise<Enquiry> {
    const { store } = this.deps;
    await this.findSeen(actor, id);
    const names = await this.deps.namesOf([actor.userId]);
    const { row, side } = await store.withTx(async (tx) => {
      const locked = await this.lockSeen(tx, actor, id);
      const side = assertMayMove(actor, factsOf(locked), to);
      return { row: await this.writeMove(tx, actor, side, locked, to, names), side };
    });
    await this.news.announce(row, "state", actor, side);
    return this.presenter.enquiry(store, actor, row);
  }

  async assign(actor: Actor, id: string, assigneeId: string | null): Promise<Enquiry> {
    const { store } = this.deps;
    assertMayAssign(actor, factsOf(await this.findSeen(actor, id)));
    if (assigneeId) {
      const staff = await this.deps.accounts.activeWithRoles(ASSIGNEE_ROLES);
      if (!staff.some((person) => person.id === assigneeId)) throw supportErrors.assigneeNotStaff();
    }
    const names = await this.deps.namesOf(assigneeId ? [actor.userId, assigneeId] : [actor.userId]);
    const row = await store.withTx(async (tx) => {
      const locked = await this.lockSeen(tx, actor, id);
      assertMayAssign(actor, factsOf(locked));
      if (locked.assigneeId === assigneeId) return locked;
      return this.writeAssignee(tx, actor, locked, assigneeId, names);
    });
    await this.news.announce(row, "assignee", actor, "staff");
    return this.presenter.enquiry(store, actor, row);
  }

  async markRead(actor: Actor, id: string): Promise<void> {
    await this.findSeen(actor, id);
    await this.deps.store.enquiries.markRead(actor.userId, id, this.stamps.next());
  }

  /**
   * Sends play, pause or next to one of the enquiry's client's players and
   * writes it into the thread; 409 when the player's device is offline.
   */
  async commandPlayer(
    actor: Actor,
    id: string,
    body: Body<typeof supportApi.commandEnquiryPlayer>,
  ): Promise<Enquiry> {
    const { store } = this.deps;
    const seen = await this.findSeen(actor, id);
    assertMayControlPlayers(actor, factsOf(seen));
    const place = (await this.deps.players.placesOf([body.playerId])).get(body.playerId);
    if (place?.userId !== seen.clientId) throw supportErrors.playerNotFound();
    await this.deps.commandPlayer(
      actor,
      { playerId: body.playerId, ownerId: seen.clientId },
      body.command,
    );
    const who = await this.whoIs(actor, "staff");
    const row = await store.withTx(async (tx) => {
      const at = this.stamps.next();
      await tx.enquiries.insertEvent({
        enquiryId: id,
        kind: "player-command",
        authorId: actor.userId,
        side: "staff",
        text: SUPPORT_TEXTS.playerCommand(who, body.command, place.name),
        createdAt: at,
      });
      return tx.enquiries.updateEnquiry(id, { updatedAt: at });
    });
    await this.news.announce(row, "player-command", actor, "staff");
    return this.presenter.enquiry(store, actor, row);
  }

  async assignees(actor: Actor): Promise<SupportPerson[]> {
    assertMayListAssignees(actor);
    const staff = await this.deps.accounts.activeWithRoles(ASSIGNEE_ROLES);
    return staff.map((person) => ({ ...person, side: "staff" as const }));
  }

  /** The menu's counters: enquiries with unread messages, and the chat's unread. */
  async unread(actor: Actor): Promise<SupportUnread> {
    const scope = enquiryScopeOf(actor);
    const { store } = this.deps;
    const other: Side = scope.kind === "client" ? "staff" : "client";
    const enquiries = await store.enquiries.countUnreadEnquiries(scope, actor.userId, other);
    let chat = 0;
    if (actor.role === "role-client") chat = await store.enquiries.unreadChatOfClient(actor.userId);
    else if (actor.role && CHAT_STAFF_ROLES.includes(actor.role)) {
      chat = await store.enquiries.unreadChatConversations();
    }
    return { enquiries, chat };
  }

  /**
   * Erases a deleted client's enquiries' texts and attachments inside the
   * deletion's transaction (accounts' ClientRecords port); their files go
   * once it is committed.
   */
  async forgetClient(tx: Executor, clientId: string): Promise<() => Promise<void>> {
    const keys = await new SupportStore(tx).enquiries.eraseClient(clientId, SUPPORT_TEXTS.erased);
    return () => this.deps.attachments.removeFiles(keys);
  }

  /** The enquiry if the caller sees it; 404 alike for a missing one and another's. */
  private async findSeen(actor: Actor, id: string): Promise<EnquiryRow> {
    enquiryScopeOf(actor);
    const row = await this.deps.store.enquiries.findEnquiry(id);
    if (!row) throw supportErrors.enquiryNotFound();
    assertMaySeeEnquiry(actor, factsOf(row));
    return row;
  }

  private async lockSeen(tx: SupportStore, actor: Actor, id: string) {
    const row = await tx.enquiries.lockEnquiry(id);
    if (!row) throw supportErrors.enquiryNotFound();
    assertMaySeeEnquiry(actor, factsOf(row));
    return row;
  }

  private async writeMove(
    tx: SupportStore,
    actor: Actor,
    side: Side,
    row: EnquiryRow,
    to: EnquiryState,
    names: Map<string, string>,
  ) {
    const at = this.stamps.next();
    await tx.enquiries.insertEvent({
      enquiryId: row.id,
      kind: "state",
      authorId: actor.userId,
      side,
      text: SUPPORT_TEXTS.moved(SUPPORT_TEXTS.who(side, names.get(actor.userId) ?? ""), to),
      state: to,
      createdAt: at,
    });
    return tx.enquiries.updateEnquiry(row.id, { state: to, updatedAt: at });
  }

  private async writeAssignee(
    tx: SupportStore,
    actor: Actor,
    row: EnquiryRow,
    assigneeId: string | null,
    names: Map<string, string>,
  ) {
    const at = this.stamps.next();
    await tx.enquiries.insertEvent({
      enquiryId: row.id,
      kind: "assignee",
      authorId: actor.userId,
      side: "staff",
      text: SUPPORT_TEXTS.assigned(
        SUPPORT_TEXTS.who("staff", names.get(actor.userId) ?? ""),
        assigneeId ? (names.get(assigneeId) ?? "") : null,
      ),
      createdAt: at,
    });
    return tx.enquiries.updateEnquiry(row.id, { assigneeId, updatedAt: at });
  }

  /** "Поддержка (Иванов Иван)" or "Клиент (…)": who did something, for the thread. */
  private async whoIs(actor: Actor, side: Side): Promise<string> {
    const names = await this.deps.namesOf([actor.userId]);
    return SUPPORT_TEXTS.who(side, names.get(actor.userId) ?? "");
  }

  private async assertActiveClient(clientId: string): Promise<void> {
    const account = await this.deps.accounts.find(clientId);
    if (account?.status !== "active" || activeRole(account.authority) !== "role-client") {
      throw supportErrors.notActiveClient();
    }
  }

  /** A message of the thread with the files its author uploaded for it. */
  private async writeMessage(
    tx: SupportStore,
    enquiryId: string,
    actor: Actor,
    side: Side,
    message: { text: string; attachmentIds: string[] },
    at: Date,
  ): Promise<void> {
    const event = await tx.enquiries.insertEvent({
      enquiryId,
      kind: "message",
      authorId: actor.userId,
      side,
      text: message.text,
      createdAt: at,
    });
    await this.deps.attachments.claim(tx, message.attachmentIds, actor.userId, event.id);
  }
}
