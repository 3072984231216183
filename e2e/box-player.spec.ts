import { startBoxPlayer } from "@fonika/box-player";
import { expect, test } from "@playwright/test";
import { createSignedInAccount } from "./support/accounts.ts";
import { nextEvent } from "./support/box-player.ts";
import { addBoxPlayer, addEstablishment, subscribeWithPlaylists } from "./support/clients.ts";
import { E2E } from "./support/environment.ts";
import { makePlaylist, uploadFixture } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";

test("a client puts a playlist on its player for the whole week; a box player started beside it plays it; the owner pauses it from the player's page and the history lists the track", async ({
  page,
}) => {
  // A playlist of the library that the venue's tariff plays.
  const manager = await createSignedInAccount("role-content-manager", "box-library");
  const song = await uploadFixture(manager.token, "tone.mp3");
  const playlistName = `Весь день ${Date.now() % 100_000}`;
  const playlistId = await makePlaylist(manager.token, playlistName, [song]);
  const client = await createSignedInAccount("role-client", "box-owner");
  const venue = await addEstablishment(client, "Пекарня «Коробка»");
  const serial = `E2E-BOX-${Date.now() % 1_000_000}`;
  const player = await addBoxPlayer(client, venue, "Бокс у кассы", serial);
  await subscribeWithPlaylists(client, venue, [playlistId], "Бокс");

  // The owner puts the playlist on the player and schedules it for every day, all day.
  await signInByEmail(page, client.email);
  await page.goto(`/player/${player}`);
  const playlists = page.locator("section.card", {
    has: page.getByRole("heading", { name: "Плейлисты плеера" }),
  });
  await playlists.getByRole("button", { name: "Добавить плейлист" }).click();
  const picker = page.getByRole("dialog", { name: "Добавить плейлист" });
  await picker.getByRole("button", { name: `Добавить плейлист ${playlistName}` }).click();
  await expect(page.getByText(`Плейлист «${playlistName}» добавлен на плеер`)).toBeVisible();
  await picker.getByRole("button", { name: "Закрыть" }).click();
  const schedule = page.locator("section.card", {
    has: page.getByRole("heading", { name: "Расписание", exact: true }),
  });
  await schedule.getByRole("button", { name: "Добавить окно" }).click();
  // The form opens beside its button (issue 28), with the quick choice of days.
  const form = page
    .getByRole("dialog", { name: "Новое окно" })
    .getByRole("form", { name: "Новое окно расписания" });
  await form.getByRole("button", { name: "Каждый день" }).click();
  await form.getByLabel("Начало").fill("00:00");
  await form.getByLabel("Конец").fill("00:00");
  await form.getByRole("button", { name: "Добавить окно" }).click();
  await expect(page.getByText("Окно добавлено в расписание")).toBeVisible();

  // A box player is switched on at the venue: it shows a code, the owner approves it.
  // The fixture lasts 3 s: played 20× slower, it is still playing when the owner looks.
  const box = startBoxPlayer({
    server: E2E.baseUrl,
    serial,
    speed: 0.05,
    timings: { poll: 500 },
  });
  try {
    const { code } = await nextEvent(box, "code");
    await page.goto("/cabinet");
    await page.getByLabel("Код с экрана устройства").fill(code);
    await page.getByRole("button", { name: "Проверить код" }).click();
    await expect(page.getByLabel("Заведение")).toContainText("Пекарня «Коробка»");
    await page.getByRole("button", { name: "Подтвердить вход устройства" }).click();
    await expect(page.getByText("Плеер подключён")).toBeVisible();

    // It plays the scheduled playlist's song.
    const playing = await nextEvent(box, "playing");
    expect(playing.song.id).toBe(song);

    // The owner sees it play on the player's page and pauses it there.
    await page.goto(`/player/${player}`);
    const remote = page.locator("section.card", {
      has: page.getByRole("heading", { name: "Пульт плеера" }),
    });
    await expect(remote.getByRole("button", { name: "Пауза" })).toBeVisible({ timeout: 10_000 });
    const paused = nextEvent(box, "paused");
    await remote.getByRole("button", { name: "Пауза" }).click();
    await paused;
    await expect(remote.getByRole("button", { name: "Играть" })).toBeVisible();

    // The broadcast history lists the play, stopped by the pause.
    await page.reload();
    const history = page.getByRole("table", { name: "История эфира плеера" });
    await expect(history.getByText("Остановлен")).toBeVisible({ timeout: 10_000 });
  } finally {
    await box.stop();
  }
});
