import { expect, type Page } from "@playwright/test";

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
      };
      audioElements(): number;
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
