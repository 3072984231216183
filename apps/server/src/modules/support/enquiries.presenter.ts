import type {
  Enquiry,
  EnquiryEvent,
  EnquiryState,
  EnquirySummary,
  EnquiryTopic,
  SupportPerson,
} from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import type { SupportAttachments } from "./attachments.service.ts";
import type { EnquiryRow } from "./enquiries.repository.ts";
import { abilitiesOf, type EnquiryFacts, type Side } from "./support.policy.ts";
import type { SupportStore } from "./support.store.ts";

/** What the presenter reads of other modules. */
export interface EnquiryPresenterPorts {
  /** Display names of users as staff lists show them («Удалённый клиент» after deletion). */
  namesOf(ids: string[]): Promise<Map<string, string>>;
  establishmentNamesOf(ids: string[]): Promise<Map<string, string>>;
  playerNamesOf(ids: string[]): Promise<Map<string, string>>;
  attachments: SupportAttachments;
}

/** The facts the rules read of a row. */
export function factsOf(row: EnquiryRow): EnquiryFacts {
  return {
    clientId: row.clientId,
    topic: row.topic as EnquiryTopic,
    state: row.state as EnquiryState,
  };
}

/** The side whose messages are unread for the caller: the client reads staff's, staff the client's. */
export function otherSideOf(actor: Actor, row: Pick<EnquiryRow, "clientId">): Side {
  return actor.userId === row.clientId ? "staff" : "client";
}

/**
 * What leaves the server of enquiries: names of people, venues and
 * players read in one go per list, the caller's unread count, and on a
 * whole enquiry its thread and what the caller may do with it.
 */
export class EnquiryPresenter {
  constructor(private readonly ports: EnquiryPresenterPorts) {}

  async summaries(store: SupportStore, actor: Actor, rows: EnquiryRow[]) {
    if (rows.length === 0) return [];
    const people = unique(rows.flatMap((row) => [row.clientId, row.assigneeId]));
    const venues = unique(rows.map((row) => row.establishmentId));
    const players = unique(rows.map((row) => row.playerId));
    // The caller is on one side of all of them: a client sees only their own.
    const byOther = new Map<Side, string[]>();
    for (const row of rows) {
      const side = otherSideOf(actor, row);
      byOther.set(side, [...(byOther.get(side) ?? []), row.id]);
    }
    const [names, venueNames, playerNames, ...unread] = await Promise.all([
      this.ports.namesOf(people),
      this.ports.establishmentNamesOf(venues),
      this.ports.playerNamesOf(players),
      ...[...byOther].map(([side, ids]) => store.enquiries.unreadOf(actor.userId, side, ids)),
    ]);
    const unreadById = new Map(unread.flatMap((map) => [...map]));
    return rows.map(
      (row): EnquirySummary => ({
        id: row.id,
        number: row.number,
        topic: row.topic as EnquiryTopic,
        state: row.state as EnquiryState,
        subject: row.subject,
        client: { id: row.clientId, name: names.get(row.clientId) ?? "", side: "client" },
        assignee: row.assigneeId
          ? { id: row.assigneeId, name: names.get(row.assigneeId) ?? "", side: "staff" }
          : null,
        establishmentId: row.establishmentId,
        establishmentName: row.establishmentId
          ? (venueNames.get(row.establishmentId) ?? null)
          : null,
        playerId: row.playerId,
        playerName: row.playerId ? (playerNames.get(row.playerId) ?? null) : null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        unread: unreadById.get(row.id) ?? 0,
      }),
    );
  }

  async enquiry(store: SupportStore, actor: Actor, row: EnquiryRow): Promise<Enquiry> {
    const [[summary], events] = await Promise.all([
      this.summaries(store, actor, [row]),
      store.enquiries.eventsOf(row.id),
    ]);
    if (!summary) throw new Error("no summary of an enquiry");
    const [names, attachments] = await Promise.all([
      this.ports.namesOf(unique(events.map((event) => event.authorId))),
      this.ports.attachments.ofEvents(
        store,
        events.map((event) => event.id),
      ),
    ]);
    return {
      ...summary,
      events: events.map(
        (event): EnquiryEvent => ({
          id: event.id,
          kind: event.kind as EnquiryEvent["kind"],
          author: personOf(event.authorId, event.side, names),
          text: event.text,
          attachments: attachments.get(event.id) ?? [],
          state: (event.state as EnquiryState | null) ?? null,
          createdAt: event.createdAt.toISOString(),
        }),
      ),
      abilities: abilitiesOf(actor, factsOf(row)),
    };
  }
}

/** A thread's author; a system event (an alert) or a removed user has none. */
export function personOf(
  id: string | null,
  side: string,
  names: Map<string, string>,
): SupportPerson | null {
  if (!id || (side !== "client" && side !== "staff")) return null;
  return { id, name: names.get(id) ?? "", side };
}

function unique(ids: ReadonlyArray<string | null>): string[] {
  return [...new Set(ids.filter((id): id is string => id !== null))];
}
