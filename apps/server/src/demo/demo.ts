import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import {
  accountsApi,
  authApi,
  checkInn,
  checkOgrn,
  checkSettlementAccount,
  establishmentsApi,
  organizationsApi,
  PARTITION_IDS,
  playersApi,
  playlistsApi,
  schedulesApi,
  subscriptionsApi,
  type TokenPair,
  tariffsApi,
  vaultApi,
  WEEKDAYS,
} from "@fonika/shared";
import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "../app.ts";
import type { Config } from "../config.ts";
import { users } from "../db/schema.ts";
import { callApi, DemoStepError } from "./demo-api.ts";
import { renderDemoSongs } from "./demo-music.ts";
import { DEMO_TEXTS } from "./demo-texts.ts";

/**
 * `npm run demo` (issue 14): fills an empty embedded database with a small
 * world that plays at once — generated songs in the library (stored, tagged
 * and loudness-measured as any upload), two playlists, a tariff holding
 * them, a client with an establishment in Moscow, an active subscription
 * and a web player scheduled round the clock. Everything after the first
 * admin (made by the ADMIN_EMAIL bootstrap) is done by people signed in by
 * e-mail code calling the product's own API, so the demo is what those
 * people would have made by hand, rules and all.
 */

/** The demo's people: they sign in by code (written to the server log without SMTP_URL). */
export const DEMO_ACCOUNTS = {
  admin: "demo-admin@fonika.local",
  contentManager: "demo-content@fonika.local",
  client: "demo-client@fonika.local",
} as const;

export interface DemoOptions {
  /** How many songs (at most ten; the first half plays by day, the rest by night). */
  songCount?: number;
  /** Each song's length, seconds (default 45–90). */
  songSeconds?: (index: number) => number;
  /** Progress lines for a person watching. */
  onProgress?: (line: string) => void;
}

export interface DemoReport {
  accounts: typeof DEMO_ACCOUNTS;
  songIds: string[];
  playlistIds: { day: string; evening: string };
  tariffId: string;
  clientId: string;
  establishmentId: string;
  subscriptionId: string;
  playerId: string;
  /** The player's page in the cabinet, with "Играть в этом браузере". */
  playerUrl: string;
  webPlayerUrl: string;
}

/** The demo will not run here: the message says why; nothing was changed. */
export class DemoRefusal extends Error {
  override name = "DemoRefusal";
}

const DEFAULT_SONG_SECONDS = (index: number) => 45 + ((index * 37) % 46);

/**
 * Runs the demo on `config`'s DATA_DIR. Refuses (DemoRefusal, nothing
 * changed) when DATABASE_URL is set or the database holds any user.
 */
export async function runDemo(config: Config, options: DemoOptions = {}): Promise<DemoReport> {
  if (config.databaseUrl) throw new DemoRefusal(DEMO_TEXTS.refusedDatabaseUrl);
  const codes = new Map<string, string>();
  // The demo's own process: codes are read from its log, as a newcomer reads them from the server's.
  const demoConfig: Config = {
    ...config,
    adminEmail: undefined,
    smtpUrl: undefined,
    loudnessWorker: true,
    logLevel: "info",
  };
  const build = (adminEmail?: string) =>
    buildApp({ ...demoConfig, adminEmail }, { logger: codeReadingLogger(codes) });

  // First a look without the admin bootstrap, which would itself add a user.
  const look = await build();
  try {
    const [row] = await look.db.select({ users: count() }).from(users);
    const existing = row?.users ?? 0;
    if (existing > 0) throw new DemoRefusal(DEMO_TEXTS.refusedUsers(existing, config.dataDir));
  } finally {
    await look.close();
  }

  const app = await build(DEMO_ACCOUNTS.admin);
  const work = await mkdtemp(path.join(tmpdir(), "fonika-demo-"));
  try {
    await app.ready();
    return await fill(app, codes, work, options);
  } finally {
    await app.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** A pino logger that keeps the last sign-in code per address and passes errors on to stderr. */
function codeReadingLogger(codes: Map<string, string>) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (!line.trim()) continue;
        const entry = JSON.parse(line) as { level?: number; msg?: string; to?: string };
        const code = /\b(\d{6})\b/.exec(entry.msg ?? "")?.[1];
        if (entry.to && code) codes.set(entry.to, code);
        if ((entry.level ?? 0) >= 50) process.stderr.write(`${line}\n`);
      }
      done();
    },
  });
  return pino({ level: "info" }, sink);
}

async function fill(
  app: FastifyInstance,
  codes: Map<string, string>,
  work: string,
  options: DemoOptions,
): Promise<DemoReport> {
  const say = options.onProgress ?? (() => {});
  const songCount = Math.max(2, Math.min(10, options.songCount ?? 10));
  const signIn = async (email: string): Promise<TokenPair> => {
    await callApi(app, authApi.emailSendCode, { body: { email } });
    const code = codes.get(email);
    if (!code) throw new DemoStepError(`no sign-in code for ${email} in the log`);
    return callApi(app, authApi.emailVerifyCode, { body: { email, code } });
  };

  // The admin of the ADMIN_EMAIL bootstrap makes the other people.
  const admin = await signIn(DEMO_ACCOUNTS.admin);
  await callApi(app, accountsApi.createUser, {
    token: admin.token,
    body: {
      role: "role-content-manager",
      email: DEMO_ACCOUNTS.contentManager,
      ...DEMO_TEXTS.people.contentManager,
    },
  });
  const clientAccount = await callApi(app, accountsApi.createUser, {
    token: admin.token,
    body: {
      role: "role-client",
      email: DEMO_ACCOUNTS.client,
      type: "legal",
      company: DEMO_TEXTS.organization.company,
      ...DEMO_TEXTS.people.client,
    },
  });
  const contentManager = await signIn(DEMO_ACCOUNTS.contentManager);
  const client = await signIn(DEMO_ACCOUNTS.client);

  // Songs: rendered, then brought in as `npm run import` does (stored, tags read, loudness queued).
  say(DEMO_TEXTS.rendering(songCount));
  await renderDemoSongs(work, {
    count: songCount,
    seconds: options.songSeconds ?? DEFAULT_SONG_SECONDS,
    parallel: 2,
  });
  say(DEMO_TEXTS.importing);
  const imported = await app.modules.library.importFromDisk({
    directory: work,
    folder: DEMO_TEXTS.folder,
  });
  if (imported.failed > 0 || imported.added !== songCount) {
    throw new DemoStepError(`the import added ${imported.added} of ${songCount} songs`);
  }
  app.modules.library.loudness.wake();
  const songIds = await importedSongIds(app, contentManager.token);
  await app.modules.library.loudness.idle();

  say(DEMO_TEXTS.building);
  const half = Math.ceil(songIds.length / 2);
  const day = await makePlaylist(app, contentManager.token, songIds.slice(0, half), "day");
  const evening = await makePlaylist(app, contentManager.token, songIds.slice(half), "evening");

  const tariff = await callApi(app, tariffsApi.addTariff, {
    token: admin.token,
    body: {
      type: "basic",
      ...DEMO_TEXTS.tariff,
      benefits: [...DEMO_TEXTS.tariff.benefits],
      active: true,
      price: 0,
      basePrice: 0,
      features: [],
      playlistIds: [day, evening],
    },
  });

  const clientId = clientAccount.userId;
  const establishment = await callApi(app, establishmentsApi.addEstablishment, {
    token: client.token,
    params: { userId: clientId },
    body: { ...DEMO_TEXTS.establishment, timeZone: "Europe/Moscow" },
  });
  const organization = await callApi(app, organizationsApi.addOrganization, {
    token: client.token,
    params: { userId: clientId },
    body: {
      type: "legal",
      company: DEMO_TEXTS.organization.company,
      organizationAddress: DEMO_TEXTS.organization.address,
      ...DEMO_REQUISITES,
    },
  });
  const payer = await callApi(app, organizationsApi.addPaymentMethod, {
    token: client.token,
    params: { userId: clientId, organizationId: organization.id },
    body: { kind: "settlement-account", bik: DEMO_BIK, accountNumber: DEMO_ACCOUNT_NUMBER },
  });
  const paymentMethodId = payer.accounts[0]?.id;
  if (!paymentMethodId) throw new DemoStepError("the settlement account was not kept");
  const subscription = await callApi(app, subscriptionsApi.addSubscription, {
    token: client.token,
    params: { userId: clientId },
    body: {
      establishmentId: establishment.id,
      tariffId: tariff.id,
      itemIds: [],
      organizationId: organization.id,
      paymentMethodId,
      periodMonths: 12,
    },
  });
  await callApi(app, subscriptionsApi.activateSubscription, {
    token: admin.token,
    params: { id: subscription.id },
  });

  const player = await callApi(app, playersApi.addPlayer, {
    token: client.token,
    body: { ...DEMO_TEXTS.player, type: "web", establishmentId: establishment.id },
  });
  // Day and night windows meet at 08:00 and 20:00: music at any hour of any day.
  const windows = [
    { playlistId: day, startTime: "08:00:00", endTime: "20:00:00" },
    { playlistId: evening, startTime: "20:00:00", endTime: "08:00:00" },
  ];
  for (const window of windows) {
    // A new player already holds its venue's first playlist (its fallback, issue 28).
    if (window.playlistId !== player.fallbackPlaylistId) {
      await callApi(app, playersApi.addPlayerPlaylist, {
        token: client.token,
        params: { id: player.id },
        body: { playlistId: window.playlistId },
      });
    }
    await callApi(app, schedulesApi.addPlaylistSchedule, {
      token: client.token,
      params: { id: player.id, playlistId: window.playlistId },
      body: { startTime: window.startTime, endTime: window.endTime, weekdays: [...WEEKDAYS] },
    });
  }

  // The demo's own sessions end: the people sign in again themselves.
  for (const session of [admin, contentManager, client]) {
    await callApi(app, authApi.logout, { body: { refreshToken: session.refreshToken } });
  }

  const base = app.config.publicUrl;
  return {
    accounts: DEMO_ACCOUNTS,
    songIds,
    playlistIds: { day, evening },
    tariffId: tariff.id,
    clientId,
    establishmentId: establishment.id,
    subscriptionId: subscription.id,
    playerId: player.id,
    playerUrl: `${base}/player/${player.id}`,
    webPlayerUrl: `${base}/web-player`,
  };
}

/** The songs of the import's folder, in the order of their file names. */
async function importedSongIds(app: FastifyInstance, token: string): Promise<string[]> {
  const tracks = await callApi(app, vaultApi.listEntries, {
    token,
    params: { id: PARTITION_IDS.tracks },
    query: { query: DEMO_TEXTS.folder },
  });
  const folder = tracks.data.find(
    (entry) => entry.entryType === "folder" && entry.name === DEMO_TEXTS.folder,
  );
  if (!folder) throw new DemoStepError("the import's folder is not in the Tracks partition");
  const listed = await callApi(app, vaultApi.listEntries, {
    token,
    params: { id: folder.entryId },
    query: { sortBy: "name", count: 100 },
  });
  return listed.data.flatMap((entry) => (entry.songId ? [entry.songId] : []));
}

/** A playlist whose first (current) version holds the songs in order; answers its id. */
async function makePlaylist(
  app: FastifyInstance,
  token: string,
  songIds: string[],
  part: "day" | "evening",
): Promise<string> {
  const made = await callApi(app, playlistsApi.addPlaylist, {
    token,
    body: {
      name: part === "day" ? DEMO_TEXTS.dayPlaylist : DEMO_TEXTS.eveningPlaylist,
      description: part === "day" ? DEMO_TEXTS.dayDescription : DEMO_TEXTS.eveningDescription,
    },
  });
  if (!made.entryId) throw new DemoStepError(`the playlist ${made.name} has no place in the vault`);
  const version = await callApi(app, vaultApi.makeVersion, {
    token,
    params: { id: made.entryId },
    body: {},
  });
  await callApi(app, vaultApi.makeSong, {
    token,
    params: { id: version.entryId },
    query: {},
    body: { songIds },
  });
  return made.id;
}

/**
 * Requisites of a company that does not exist, whose check digits are
 * right (the product checks them): the last digit of each is found.
 */
function withCheckDigit(prefix: string, suffix: string, isRight: (value: string) => boolean) {
  for (let digit = 0; digit <= 9; digit++) {
    const value = `${prefix}${digit}${suffix}`;
    if (isRight(value)) return value;
  }
  throw new Error(`no check digit makes ${prefix}?${suffix} right`);
}

const DEMO_BIK = "044525000";
const DEMO_ACCOUNT_NUMBER = withCheckDigit(
  "40702810",
  "00000000001",
  (value) => checkSettlementAccount(value, DEMO_BIK) === null,
);
const DEMO_REQUISITES = {
  inn: withCheckDigit("770000000", "", (value) => checkInn(value, "legal") === null),
  kpp: "770001001",
  ogrn: withCheckDigit("102770000000", "", (value) => checkOgrn(value, "legal") === null),
};
