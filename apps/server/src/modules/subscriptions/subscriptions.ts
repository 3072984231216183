import type { SubscriptionInfo } from "@fonika/shared";
import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import type { EventBus } from "../../realtime/bus.ts";
import type { SocketRegistry } from "../../realtime/socket-registry.ts";
import type { Entitlement } from "../entitlement/entitlement.ts";
import { SubscriptionEndings } from "./subscription-endings.ts";
import { SubscriptionLicences } from "./subscription-licences.service.ts";
import { SubscriptionNews } from "./subscription-news.ts";
import { SubscriptionStatesService } from "./subscription-states.service.ts";
import { SubscriptionUsage } from "./subscription-usage.service.ts";
import { SubscriptionPresenter } from "./subscriptions.presenter.ts";
import { subscriptionsRoutes } from "./subscriptions.routes.ts";
import { type SubscriptionPorts, SubscriptionsService } from "./subscriptions.service.ts";
import { registerSubscriptionsSocket } from "./subscriptions.socket.ts";
import { SubscriptionsStore } from "./subscriptions.store.ts";

/**
 * The subscriptions module's one public face: a client's venues bound to
 * tariffs, their states (by staff and by date) and the news of each change.
 * Other modules import this file and nothing else of subscriptions.
 *
 * It is made in two steps, because what others read of subscriptions
 * needs only the database while the module itself asks those others:
 * `createSubscriptionReads` first (the entitlement reads which subscriptions
 * license venues; organizations and tariffs read what live subscriptions
 * use), then `createSubscriptions` once venues, accounts, organizations,
 * tariffs and the entitlement are made.
 */

/** What others read of subscriptions; it needs only the database. */
export interface SubscriptionReads {
  /**
   * The subscriptions that license venues, now or at a past instant (the
   * entitlement module's `licences`).
   */
  licences: SubscriptionLicences;
  /**
   * What live subscriptions use: the payers organizations may not remove,
   * and the tariffs each client holds (tariffs show them).
   */
  usage: SubscriptionUsage;
}

/** Makes what others read of subscriptions, over the database alone. */
export function createSubscriptionReads(deps: { db: Executor }): SubscriptionReads {
  const store = new SubscriptionsStore(deps.db);
  return { licences: new SubscriptionLicences(store), usage: new SubscriptionUsage(store) };
}

export interface SubscriptionsDependencies extends SubscriptionPorts {
  db: Executor;
  /** News of changes on the socket; the endings job wakes on `music-access-changed`. */
  bus: EventBus;
  /** The player socket: staff who run subscriptions join their room (subscriptions.socket.ts). */
  realtime: SocketRegistry;
  /** The app's log: the news and the endings job each write under their own `module` name. */
  log: { child(bindings: { module: string }): ServiceLog };
  /** Where links in mails lead (config.publicUrl). */
  publicUrl: string;
  /** The client managers to mail of a new subscription: active accounts with an e-mail (accounts). */
  clientManagers(): Promise<Array<{ id: string; email: string }>>;
  sendMail(message: { to: string; subject: string; text: string }): Promise<void>;
  /** Told once a change of who may hear what is stored (every change of a subscription). */
  entitlement: Pick<Entitlement, "announceChange">;
}

/** What the rest of the app uses of subscriptions once they are made. */
export interface Subscriptions {
  /** Registers the subscriptions' routes, and the endings job's start and stop with the app's. */
  readonly plugin: FastifyPluginAsync;
  /** The live subscription of each of these venues, as establishments show it. */
  liveInfoOf(establishmentIds: string[]): Promise<Map<string, SubscriptionInfo>>;
  /** Ends a deleted client's subscriptions inside the deletion's transaction (accounts). */
  readonly clientRecords: Pick<SubscriptionStatesService, "forgetClient">;
}

/** Makes the subscriptions' services over one store, and the job that ends them by date. */
export function createSubscriptions(deps: SubscriptionsDependencies): Subscriptions {
  const store = new SubscriptionsStore(deps.db);
  registerSubscriptionsSocket(deps.realtime);
  const announceMusicAccessChange = () => deps.entitlement.announceChange();
  const presenter = new SubscriptionPresenter({ ...deps, store });
  // A subscription's change reaches its owner's and staff's screens; a new one, client managers' mail.
  const news = new SubscriptionNews({
    bus: deps.bus,
    log: deps.log.child({ module: "subscription-news" }),
    publicUrl: deps.publicUrl,
    managers: () => deps.clientManagers(),
    sendMail: (message) => deps.sendMail(message),
    clientNamesOf: (ids) => deps.accounts.namesOf(ids),
    establishmentNamesOf: (ids) => deps.establishments.namesOf(ids),
  });
  const subscriptions = new SubscriptionsService({
    ...deps,
    store,
    presenter,
    news,
    announceMusicAccessChange,
  });
  const states = new SubscriptionStatesService({
    store,
    presenter,
    news,
    announceMusicAccessChange,
  });
  // A period that is over ends at once: the venue's players stop playing what it allowed.
  const endings = new SubscriptionEndings({
    store,
    log: deps.log.child({ module: "subscription-endings" }),
    bus: deps.bus,
    announceMusicAccessChange,
    announceEnded: (ended) => news.ended(ended),
  });
  return {
    plugin: async (app) => {
      await app.register(subscriptionsRoutes, { subscriptions, states });
      app.addHook("onReady", async () => endings.start());
      app.addHook("onClose", async () => endings.stop());
    },
    liveInfoOf: (ids) => subscriptions.liveInfoOf(ids),
    clientRecords: states,
  };
}

export type { LiveSubscription } from "./subscription-licences.service.ts";
export type { SubscriptionLicences, SubscriptionUsage };
