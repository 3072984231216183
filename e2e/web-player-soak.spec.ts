import { API_BASE, PLAYER_SOCKET_PATH, playerSocketProtocols } from "@fonika/shared";
import { type CDPSession, expect, type Page, test } from "@playwright/test";
import WebSocket from "ws";
import { E2E } from "./support/environment.ts";
import { cachedWebPlayer, expectPlaying } from "./support/web-player.ts";

/**
 * A soak of the web player (issue 14): a venue's page plays all day, so
 * 500 changes of song — each a load, a start and a fade on its two decks —
 * must leave its JavaScript heap and its audio elements where they were.
 * The owner's remote sends "next" as fast as the page follows.
 */

const CHANGES = 500;
const WARM_UP = 50;

test(`${CHANGES} changes of song leave the web player's heap and audio elements flat`, async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { owner, playerId } = await cachedWebPlayer(
    page,
    { label: "Прогон", slug: "soak" },
    { seconds: 3, count: 3 },
  );

  const remote = await remoteOf(owner.token, owner.userId);
  const cdp = await page.context().newCDPSession(page);
  let heapAfterWarmUp = 0;
  let elementsAfterWarmUp = 0;
  try {
    for (let change = 1; change <= CHANGES; change++) {
      const before = await currentSong(page);
      remote.send(JSON.stringify({ type: "playNextSongRequested", playerId }));
      // The page took the next song (loaded, started, fading in). What is measured
      // here is memory; how fast a command is obeyed is web-player.spec.ts's, so a
      // change may take long while other flows load the machine.
      await page.waitForFunction(
        (was) => {
          const now = window.fonikaWebPlayer?.snapshot().current?.song.id ?? null;
          return now !== null && now !== was;
        },
        before,
        { polling: 5, timeout: 15_000 },
      );
      if (change === WARM_UP) {
        heapAfterWarmUp = await usedHeap(cdp);
        elementsAfterWarmUp = await audioElements(cdp);
      }
    }
    const heapAtEnd = await usedHeap(cdp);
    const elementsAtEnd = await audioElements(cdp);
    // Two decks, whatever the number of songs.
    expect(elementsAfterWarmUp).toBe(2);
    expect(elementsAtEnd).toBe(2);
    // 450 more changes may not hold on to more than a megabyte (a leak of a
    // listener, a song or a snapshot per change would be several).
    expect(heapAtEnd - heapAfterWarmUp).toBeLessThan(1_000_000);
    await expectPlaying(page);
  } finally {
    remote.close();
  }
});

function currentSong(page: Page): Promise<string | null> {
  return page.evaluate(() => window.fonikaWebPlayer?.snapshot().current?.song.id ?? null);
}

/** The owner's remote: a socket of theirs, as the player's page opens it. */
async function remoteOf(token: string, userId: string): Promise<WebSocket> {
  const url = `${E2E.baseUrl.replace(/^http/, "ws")}${API_BASE}${PLAYER_SOCKET_PATH}`;
  const socket = new WebSocket(url, playerSocketProtocols(token));
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  socket.send(JSON.stringify({ type: "connect", userId }));
  return socket;
}

/** The page's JavaScript heap in use after a full garbage collection, bytes. */
async function usedHeap(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize;
}

/** Every HTMLAudioElement alive in the page, in the document or not. */
async function audioElements(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  const prototype = await cdp.send("Runtime.evaluate", {
    expression: "HTMLAudioElement.prototype",
  });
  const found = await cdp.send("Runtime.queryObjects", {
    prototypeObjectId: prototype.result.objectId as string,
  });
  const length = await cdp.send("Runtime.callFunctionOn", {
    objectId: found.objects.objectId as string,
    functionDeclaration: "function () { return this.length; }",
    returnByValue: true,
  });
  return length.result.value as number;
}
