import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { EventBus } from "../../realtime/bus.ts";
import type { FileStore } from "../../storage/file-store.ts";
import { establishmentsRoutes } from "./establishments.routes.ts";
import { type EstablishmentPorts, EstablishmentsService } from "./establishments.service.ts";
import { EstablishmentsStore } from "./establishments.store.ts";
import { ExplicitFilters } from "./explicit-filters.service.ts";
import { VenueDirectory } from "./venue-directory.service.ts";

/**
 * The establishments module's one public face: clients' venues (their
 * zones, explicit filters and floor plans). Other modules import this
 * file and nothing else of establishments.
 *
 * It is made in two steps. Nearly every module reads venues (whose they
 * are, names, zones, filters), and the library asks the explicit filter
 * for every file a device reads, so `createVenueDirectory` comes first,
 * over the database and the bus alone. The establishments' own screens
 * show each venue with its subscription and its players and tell the
 * players when a filter changes, so `createEstablishments` comes after
 * subscriptions and players.
 */

/** Makes what others read of venues: the directory, with the explicit filters kept in memory. */
export function createVenueDirectory(deps: {
  db: Executor;
  /** A filter changed on any process (`establishments-changed`), or a gap: it is read again. */
  bus: Pick<EventBus, "subscribe" | "onGap">;
}): VenueDirectory {
  const store = new EstablishmentsStore(deps.db);
  return new VenueDirectory(store, new ExplicitFilters(store, deps.bus));
}

export interface EstablishmentsDependencies extends EstablishmentPorts {
  db: Executor;
  /** Floor plans' files. */
  files: FileStore;
  /** A change of the explicit filter or the time zone is told to every process (`establishments-changed`). */
  bus: EventBus;
}

/** What the rest of the app uses of the establishments once they are made. */
export interface Establishments {
  /** Registers the establishments' routes (SPEC.md §7: venues and their floor plans). */
  readonly plugin: FastifyPluginAsync;
  /** Blanks a deleted client's venues inside the deletion's transaction (accounts). */
  readonly clientRecords: Pick<EstablishmentsService, "forgetClient">;
}

/** Makes the establishments' service over its store. */
export function createEstablishments(deps: EstablishmentsDependencies): Establishments {
  const establishments = new EstablishmentsService({
    ...deps,
    store: new EstablishmentsStore(deps.db),
  });
  return {
    plugin: async (app) => {
      await app.register(establishmentsRoutes, { establishments });
    },
    clientRecords: establishments,
  };
}

export type { ExplicitFilters } from "./explicit-filters.service.ts";
export type { VenueDirectory } from "./venue-directory.service.ts";
