import { expect, type Page, test } from "@playwright/test";
import { createSignedInAccount } from "./support/accounts.ts";
import { uploadTones } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";
import {
  decksOf,
  expectPlaying,
  playHere,
  soundingSong,
  venueWithWebPlayer,
} from "./support/web-player.ts";

/**
 * The owner chooses what the venue's web player plays (issue 28): a song of
 * the queue or of the player's playlist now, «Продолжить» after a pause from
 * where it stopped, and «Следующий трек» pressed twice quickly moving on twice.
 */

/** Where the page's sounding deck is in its song, seconds. */
async function positionOf(page: Page): Promise<number> {
  const deck = (await decksOf(page)).find((one) => one.playing && one.fade > 0.5);
  return deck?.position ?? 0;
}

test("the owner plays a chosen song now, continues it after a pause, and two quick «next» move on twice", async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const manager = await createSignedInAccount("role-content-manager", "remote-song-library");
  const songs = await uploadTones(manager.token, "Выбор", 40, 5);
  const { owner, playerId } = await venueWithWebPlayer(manager, songs, {
    label: "Выбор",
    slug: "remote-song",
    crossfadeSeconds: 0,
  });

  // The venue's browser plays the schedule: the playlist from its first song.
  const venueContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const venuePage = await venueContext.newPage();
  await playHere(venuePage, owner, playerId);
  await expectPlaying(venuePage, songs[0]);

  await signInByEmail(page, owner.email);
  await page.goto(`/player/${playerId}`);
  const remote = page.locator("section.card", {
    has: page.getByRole("heading", { name: "Пульт плеера" }),
  });
  const chooser = page.locator("section.card", {
    has: page.getByRole("heading", { name: "Выбрать песню" }),
  });

  // A coming song of the queue, now.
  const queue = chooser.getByRole("list", { name: "Следующие песни" });
  await queue.getByRole("button", { name: "Играть сейчас: «Выбор 3»" }).click();
  await expectPlaying(venuePage, songs[2], 5_000);

  // A song of the player's playlist, now; the remote says it plays.
  const playlist = chooser.getByRole("list", { name: /^Песни плейлистов: / });
  await playlist.getByRole("button", { name: "Играть сейчас: «Выбор 5»" }).click();
  await expectPlaying(venuePage, songs[4], 5_000);
  await expect(remote.locator(".remote-now").getByText("Выбор 5")).toBeVisible();

  // Paused, it goes on from where it stopped.
  await venuePage.waitForTimeout(1_500);
  await remote.getByRole("button", { name: "Пауза" }).click();
  await expect.poll(() => soundingSong(venuePage), { timeout: 3_000 }).toBeNull();
  await remote.getByRole("button", { name: "Продолжить" }).click();
  await expectPlaying(venuePage, songs[4], 5_000);
  expect(await positionOf(venuePage)).toBeGreaterThan(1);

  // Back to the first song, then «next» twice as fast as the button allows: the third plays.
  await playlist.getByRole("button", { name: "Играть сейчас: «Выбор 1»" }).click();
  await expectPlaying(venuePage, songs[0], 5_000);
  const next = remote.getByRole("button", { name: "Следующий трек" });
  await next.click();
  await next.click();
  await expectPlaying(venuePage, songs[2], 5_000);
  // It stays there, and the server says so: the queue goes on from the third.
  await venuePage.waitForTimeout(2_000);
  expect(await soundingSong(venuePage)).toBe(songs[2]);
  await expect(remote.locator(".remote-now").getByText("Выбор 3")).toBeVisible();
  await expect(queue.getByRole("button").first()).toHaveAccessibleName("Играть сейчас: «Выбор 4»");
  await venueContext.close();
});
