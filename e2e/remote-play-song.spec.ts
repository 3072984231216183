import { playersApi } from "@fonika/shared";
import { expect, type Page, test } from "@playwright/test";
import { type Account, callApi, createSignedInAccount } from "./support/accounts.ts";
import {
  addEstablishment,
  addWebPlayer,
  scheduleAllWeek,
  subscribeWithPlaylists,
} from "./support/clients.ts";
import { makePlaylist, uploadTones } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";
import { decksOf, expectPlaying, playHere, soundingSong } from "./support/web-player.ts";

/**
 * The owner chooses what the venue's web player plays (issue 28): a song of
 * the queue or of any of the player's playlists now — one neither scheduled
 * nor the fallback too, even one put on the player after the venue's page
 * read its plan — «Продолжить» after a pause from where it stopped, and
 * «Следующий трек» pressed twice quickly moving on twice. The remote, its
 * queue and the venue's screen say alike what plays and what comes next.
 */

type SignedIn = Account & { token: string };

/**
 * A client's venue subscribed to a tariff of three playlists, and its web
 * player «Зал» (crossfade 0): the first scheduled all week, the second only
 * put on the player, the third in the tariff but not yet on the player.
 */
async function venueOfThreePlaylists(
  manager: SignedIn,
  songs: { scheduled: string[]; other: string[]; later: string[] },
) {
  const run = Date.now() % 100_000;
  const names = {
    scheduled: `Выбор ${run}`,
    other: `Другой ${run}`,
    later: `Позже ${run}`,
  };
  const scheduled = await makePlaylist(manager.token, names.scheduled, songs.scheduled);
  const other = await makePlaylist(manager.token, names.other, songs.other);
  const later = await makePlaylist(manager.token, names.later, songs.later);
  const owner = await createSignedInAccount("role-client", "remote-song-owner");
  const establishmentId = await addEstablishment(owner, "Кафе «Выбор»");
  const playerId = await addWebPlayer(owner, establishmentId, "Зал");
  await subscribeWithPlaylists(owner, establishmentId, [scheduled, other, later], "Выбор");
  await scheduleAllWeek(owner, playerId, scheduled);
  await callApi(playersApi.addPlayerPlaylist, {
    params: { id: playerId },
    body: { playlistId: other },
    token: owner.token,
  });
  await callApi(playersApi.changePlayer, {
    params: { id: playerId },
    body: { crossfadeSeconds: 0 },
    token: owner.token,
  });
  return { owner, playerId, names, laterId: later };
}

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
  const otherSongs = await uploadTones(manager.token, "Другой", 40, 2);
  const [laterSong] = await uploadTones(manager.token, "Позже", 40, 1);
  const { owner, playerId, names, laterId } = await venueOfThreePlaylists(manager, {
    scheduled: songs,
    other: otherSongs,
    later: [laterSong as string],
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

  // A song of the player's playlist, now; the remote says it plays, and which playlist.
  const playlist = chooser.getByRole("list", { name: /^Песни плейлистов: / });
  await playlist.getByRole("button", { name: "Играть сейчас: «Выбор 5»" }).click();
  await expectPlaying(venuePage, songs[4], 5_000);
  await expect(remote.locator(".remote-now").getByText("Выбор 5", { exact: true })).toBeVisible();
  await expect(remote.getByTestId("playing-playlist")).toHaveText(names.scheduled);
  // The playlist's last song (loop off): the web player starts it over, and the remote's queue,
  // its list of coming songs and the venue's screen all say so — never «nothing plays».
  const queueList = remote.locator(".remote-queue__list");
  await expect(queueList.getByText("Выбор 1", { exact: true })).toBeVisible();
  await expect(remote.getByText("Сейчас ничего не играет")).toHaveCount(0);
  await expect(queue.getByRole("button").first()).toHaveAccessibleName("Играть сейчас: «Выбор 1»");
  await expect(venuePage.locator(".web-player__next")).toHaveText("Дальше: Выбор 1 — Хор тонов");
  await expect(venuePage.locator(".web-player__playlist")).toHaveText(names.scheduled);

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
  await expect(remote.locator(".remote-now").getByText("Выбор 3", { exact: true })).toBeVisible();
  await expect(queue.getByRole("button").first()).toHaveAccessibleName("Играть сейчас: «Выбор 4»");

  // A song of a playlist on the player that is neither scheduled nor the fallback: it plays there
  // too (the plan holds every playable playlist), named on the venue's screen and on the remote.
  const picker = chooser.getByRole("combobox", { name: "Плейлист" });
  await picker.selectOption({ label: names.other });
  await playlist.getByRole("button", { name: "Играть сейчас: «Другой 2»" }).click();
  await expectPlaying(venuePage, otherSongs[1], 5_000);
  await expect(venuePage.getByTestId("now-playing")).toHaveText("Другой 2");
  await expect(venuePage.locator(".web-player__playlist")).toHaveText(names.other);
  await expect(remote.getByTestId("playing-playlist")).toHaveText(names.other);
  await expect(queueList.getByText("Другой 1", { exact: true })).toBeVisible();

  // A playlist put on the player after the venue's page read its plan: the page reads it again
  // and plays the song asked for.
  await callApi(playersApi.addPlayerPlaylist, {
    params: { id: playerId },
    body: { playlistId: laterId },
    token: owner.token,
  });
  await page.reload();
  await chooser.getByRole("combobox", { name: "Плейлист" }).selectOption({ label: names.later });
  await playlist.getByRole("button", { name: "Играть сейчас: «Позже 1»" }).click();
  await expectPlaying(venuePage, laterSong, 8_000);
  await expect(venuePage.locator(".web-player__playlist")).toHaveText(names.later);
  await venueContext.close();
});
