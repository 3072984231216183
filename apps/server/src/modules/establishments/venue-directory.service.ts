import { MESSAGES } from "@fonika/shared";
import type { EstablishmentsStore } from "./establishments.store.ts";
import type { ExplicitFilters } from "./explicit-filters.service.ts";

/**
 * What other modules read of venues: whose they are, their names, zones
 * and filters. It needs only the database and the explicit filters, so it
 * is made before every module that asks (subscriptions, players,
 * schedules, history, support, device sign-in), and the establishments
 * service, which shows each venue with its subscription and players, is
 * made after them.
 */
export class VenueDirectory {
  constructor(
    private readonly store: EstablishmentsStore,
    /** Whether each venue's explicit filter is on, from memory (the library asks it too). */
    readonly explicitFilters: ExplicitFilters,
  ) {}

  /**
   * Whether the establishment is the client's own: a second-device sign-in
   * is approved only for one's own venue (auth's port).
   */
  async isOwnedBy(clientId: string, id: string): Promise<boolean> {
    return (await this.store.establishments.findEstablishment(clientId, id)) !== undefined;
  }

  /**
   * The establishment of the client (subscriptions; players, which give a
   * new web player its address); undefined when not theirs.
   */
  async findOwned(
    clientId: string,
    id: string,
  ): Promise<{ id: string; name: string; address: string } | undefined> {
    const row = await this.store.establishments.findEstablishment(clientId, id);
    return row ? { id: row.id, name: venueNameOf(row.name), address: row.address } : undefined;
  }

  /** Ids of a client's establishments, oldest first (players: a player goes to the only one). */
  idsOf(clientId: string): Promise<string[]> {
    return this.store.establishments.idsOfClient(clientId);
  }

  /** Names of establishments by id; an erased one is 'Удалённый клиент'. */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    const names = await this.store.establishments.namesOf(ids);
    return new Map([...names].map(([id, name]) => [id, venueNameOf(name)]));
  }

  /**
   * Owners, IANA time zones and explicit filters of establishments by id
   * (players: a schedule is read in its venue's zone, a plan leaves out
   * what the filter keeps out; a venue's week is shown to whoever reaches
   * its owner).
   */
  async placesOf(
    ids: string[],
  ): Promise<Map<string, { userId: string; timeZone: string; explicitFilter: boolean }>> {
    const rows = await this.store.establishments.placesOf(ids);
    return new Map(
      rows.map((row) => [
        row.id,
        { userId: row.userId, timeZone: row.timeZone, explicitFilter: row.explicitFilter },
      ]),
    );
  }

  /**
   * Whether the establishment's explicit filter is on (false for an unknown
   * one), from memory: the remote control and the song files ask it often.
   */
  isExplicitFilterOn(establishmentId: string): Promise<boolean> {
    return this.explicitFilters.isOn(establishmentId);
  }

  /**
   * What the broadcast history shows of establishments by id: owner, zone,
   * name and address, as a royalty report names a venue.
   */
  async venuesOf(
    ids: string[],
  ): Promise<Map<string, { userId: string; timeZone: string; name: string; address: string }>> {
    const rows = await this.store.establishments.placesOf(ids);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          userId: row.userId,
          timeZone: row.timeZone,
          name: venueNameOf(row.name),
          address: row.address,
        },
      ]),
    );
  }

  /** Establishments whose name or address the query finds; at most 1000 (staff searches). */
  idsMatching(query: string): Promise<string[]> {
    return this.store.establishments.idsMatching(query, 1000);
  }
}

/**
 * The name staff see: an establishment's name is never blank (3–200
 * characters), so a blank one was erased with its deleted client.
 */
export function venueNameOf(stored: string): string {
  return stored || MESSAGES.deletedClient;
}
