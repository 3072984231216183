import { establishmentsApi, playersApi } from "@fonika/shared";
import { expect, type Page } from "@playwright/test";
import { type Account, callApi, createSignedInAccount } from "./accounts.ts";
import {
  addEstablishment,
  addWebPlayer,
  scheduleAllWeek,
  subscribeWithPlaylists,
} from "./clients.ts";
import { makePlaylist, uploadTones } from "./library.ts";
import { signInByEmail } from "./sign-in.ts";

/** What `window.fonikaWebPlayer` tells of the page's two decks. */
export interface DeckView {
  index: number;
  songId: string | null;
  position: number;
  fade: number;
  playing: boolean;
}

declare global {
  interface Window {
    /** The web player's diagnostics (features/web-player/web-player-runtime.ts). */
    fonikaWebPlayer?: {
      decks(): DeckView[];
      snapshot(): {
        cachedSongs: number;
        waitingReports: number;
        online: boolean;
        current: { song: { id: string } } | null;
        pageKept: boolean | null;
      };
      audioElements(): number;
      /** What reaches the speakers, dBFS RMS. */
      level(): number;
    };
  }
}

export function decksOf(page: Page): Promise<DeckView[]> {
  return page.evaluate(() => window.fonikaWebPlayer?.decks() ?? []);
}

/** The song the page sounds loudest now (null when silent). */
export async function soundingSong(page: Page): Promise<string | null> {
  const playing = (await decksOf(page)).filter((deck) => deck.playing && deck.fade > 0.5);
  return playing[0]?.songId ?? null;
}

/** Waits until the page plays `songId` (or any song) and its position moves on. */
export async function expectPlaying(page: Page, songId?: string, timeout = 15_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const deck = (await decksOf(page)).find(
          (one) => one.playing && one.fade > 0.5 && (!songId || one.songId === songId),
        );
        if (!deck) return false;
        const before = deck.position;
        await page.waitForTimeout(300);
        const after = (await decksOf(page)).find((one) => one.index === deck.index);
        return Boolean(after?.playing && after.position > before);
      },
      { timeout },
    )
    .toBe(true);
}

type SignedIn = Account & { token: string };

export interface WebPlayerVenue {
  /** The venue's name, «…» quoted: «Кафе «label»». */
  label: string;
  /** ASCII for the owner's address. */
  slug: string;
  crossfadeSeconds: number;
  explicitFilter?: boolean;
}

/**
 * A client with one venue (subscribed to a tariff of these songs' playlist)
 * and its web player "Зал", the playlist scheduled all week.
 */
export async function venueWithWebPlayer(
  manager: SignedIn,
  songs: string[],
  venue: WebPlayerVenue,
): Promise<{ owner: SignedIn; playerId: string; venueName: string; playlistId: string }> {
  const playlistId = await makePlaylist(
    manager.token,
    `${venue.label} ${Date.now() % 100_000}`,
    songs,
  );
  const owner = await createSignedInAccount("role-client", `${venue.slug}-owner`);
  const venueName = `Кафе «${venue.label}»`;
  const establishmentId = await addEstablishment(owner, venueName);
  if (venue.explicitFilter) {
    await callApi(establishmentsApi.changeEstablishment, {
      params: { userId: owner.userId, id: establishmentId },
      body: { explicitFilter: true },
      token: owner.token,
    });
  }
  const playerId = await addWebPlayer(owner, establishmentId, "Зал");
  await subscribeWithPlaylists(owner, establishmentId, [playlistId], venue.label);
  await scheduleAllWeek(owner, playerId, playlistId);
  await callApi(playersApi.changePlayer, {
    params: { id: playerId },
    body: { crossfadeSeconds: venue.crossfadeSeconds },
    token: owner.token,
  });
  return { owner, playerId, venueName, playlistId };
}

/** The owner, at the venue, makes this browser the player from the player's page. */
export async function playHere(page: Page, owner: SignedIn, playerId: string): Promise<void> {
  await signInByEmail(page, owner.email);
  await page.goto(`/player/${playerId}`);
  await page.getByRole("button", { name: "Играть в этом браузере" }).click();
  await expect(page).toHaveURL(/\/web-player$/);
  await expectPlaying(page);
}

/**
 * A venue's web player of `count` songs of `seconds` each, started here by
 * its owner with "Играть в этом браузере", once every song is cached.
 */
export async function cachedWebPlayer(
  page: Page,
  venue: Omit<WebPlayerVenue, "crossfadeSeconds">,
  songsOf: { seconds: number; count: number },
): Promise<{ owner: SignedIn; playerId: string; songs: string[] }> {
  const manager = await createSignedInAccount("role-content-manager", `${venue.slug}-library`);
  const songs = await uploadTones(manager.token, venue.label, songsOf.seconds, songsOf.count);
  const { owner, playerId } = await venueWithWebPlayer(manager, songs, {
    ...venue,
    crossfadeSeconds: 0,
  });
  await playHere(page, owner, playerId);
  await expect
    .poll(() => page.evaluate(() => window.fonikaWebPlayer?.snapshot().cachedSongs ?? 0), {
      timeout: 20_000,
    })
    .toBe(songsOf.count);
  return { owner, playerId, songs };
}
