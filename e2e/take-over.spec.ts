import { historyApi } from "@fonika/shared";
import { expect, test } from "@playwright/test";
import { callApi, createSignedInAccount } from "./support/accounts.ts";
import { uploadTones } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";
import { expectPlaying, playHere, soundingSong, venueWithWebPlayer } from "./support/web-player.ts";

/**
 * One player, one device (issue 28): the owner presses «Играть в этом
 * браузере» on a phone while the venue screen plays. They are warned that
 * another device plays it; the phone takes over, the venue screen stops
 * and says why, and the history has no doubled plays. «Играть здесь» on
 * the venue screen takes it back.
 */

test("«Играть в этом браузере» takes the player over from the venue screen, which stops and says why", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const manager = await createSignedInAccount("role-content-manager", "takeover-library");
  const songs = await uploadTones(manager.token, "Смена", 30, 3);
  const { owner, playerId } = await venueWithWebPlayer(manager, songs, {
    label: "Смена",
    slug: "takeover",
    crossfadeSeconds: 0,
  });

  const venueContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const venuePage = await venueContext.newPage();
  await playHere(venuePage, owner, playerId);
  await expectPlaying(venuePage, songs[0]);

  // On the phone: the owner is warned that the venue screen plays it now, and goes on.
  await page.setViewportSize({ width: 375, height: 740 });
  await signInByEmail(page, owner.email);
  await page.goto(`/player/${playerId}`);
  const warned = new Promise<string>((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await page.getByRole("button", { name: "Играть в этом браузере" }).click();
  expect(await warned).toContain("сейчас играет на другом устройстве");
  await expect(page).toHaveURL(/\/web-player$/);
  await expectPlaying(page);

  // The venue screen stopped and says why.
  await expect(venuePage.getByText("Плеер запущен на другом устройстве")).toBeVisible();
  await expect.poll(() => soundingSong(venuePage), { timeout: 3_000 }).toBeNull();
  await venuePage.waitForTimeout(2_000);
  expect(await soundingSong(venuePage)).toBeNull();

  // The history: one play at a time, never two overlapping.
  // The player is this flow's own: all its plays, whatever day it is at the venue (a UTC
  // date is tomorrow in Moscow after 21:00 UTC, and found none then).
  const history = await callApi(historyApi.playerHistory, {
    params: { id: playerId },
    query: { count: "100" },
    token: owner.token,
  });
  const plays = [...history.data].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  expect(plays.length).toBeGreaterThanOrEqual(2);
  for (const [index, play] of plays.entries()) {
    const next = plays[index + 1];
    if (!next) break;
    expect(play.endedAt, `play ${index} ends before the next begins`).not.toBeNull();
    expect(Date.parse(play.endedAt ?? "")).toBeLessThanOrEqual(Date.parse(next.startedAt));
  }

  // «Играть здесь» on the venue screen takes it back; the phone stops in turn.
  await venuePage.getByRole("button", { name: "Играть здесь" }).click();
  await expectPlaying(venuePage);
  await expect(page.getByText("Плеер запущен на другом устройстве")).toBeVisible();
  await venueContext.close();
});
