import { playersApi, playlistsApi } from "@fonika/shared";
import { expect, test } from "@playwright/test";
import { callApi, createSignedInAccount } from "./support/accounts.ts";
import {
  addEstablishment,
  addTariff,
  addWebPlayer,
  subscribeWithPlaylists,
} from "./support/clients.ts";
import { makePlaylist, uploadTones } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";

/**
 * Issue 28, "Words": a content manager sees which tariffs hold a playlist,
 * and a client puts a playlist from «Плейлисты» on a player of a venue
 * whose subscription offers it, reading its description on the way.
 */

test("a content manager sees which tariffs hold a playlist, in the library and on the playlist", async ({
  page,
}) => {
  const content = await createSignedInAccount("role-content-manager", "playlist-tariffs");
  const run = Date.now() % 100_000;
  const songs = await uploadTones(content.token, `Тариф ${run}`, 2, 1);
  const held = await makePlaylist(content.token, `Джаз в тарифе ${run}`, songs);
  await makePlaylist(content.token, `Джаз без тарифа ${run}`, songs);
  const tariff = await addTariff(
    {
      type: "basic",
      description: "Фоновая музыка",
      active: true,
      price: 990,
      basePrice: 990,
      features: [],
      benefits: [],
      playlistIds: [held],
    },
    "Кофейный",
  );

  await signInByEmail(page, content.email);
  await expect(page).toHaveURL(/\/playlists/);
  // The Playlists root holds every flow's playlists, 12 to a page: these two are found by name.
  await page.getByRole("searchbox", { name: "Поиск в папке" }).fill(String(run));
  // A row is named by its checkbox's full name (the shown one is cut to 20 characters).
  const row = (name: string) => page.getByRole("row", { name: new RegExp(`«${name}»`) });
  await expect(row(`Джаз в тарифе ${run}`)).toContainText(tariff);
  await expect(row(`Джаз без тарифа ${run}`)).toContainText("Ни в одном тарифе");

  await page.goto(`/playlists/edit/${held}`);
  await expect(page.getByText(`Тарифы:`)).toBeVisible();
  await expect(page.getByText(tariff, { exact: true })).toBeVisible();
});

test("a client puts a playlist from «Плейлисты» on a player of the venue that offers it", async ({
  page,
}) => {
  const content = await createSignedInAccount("role-content-manager", "playlist-to-player");
  const run = Date.now() % 100_000;
  const songs = await uploadTones(content.token, `Плеер ${run}`, 2, 1);
  // A new player starts with the first by name: «Альфа» is on it, «Ясень» is to be added.
  const first = await makePlaylist(content.token, `Альфа ${run}`, songs);
  const second = await makePlaylist(content.token, `Ясень ${run}`, songs);
  await callApi(playlistsApi.changePlaylist, {
    params: { id: second },
    body: { description: "Светлая акустика для дневного зала" },
    token: content.token,
  });

  const client = await createSignedInAccount("role-client", "playlist-to-player-client");
  const cafe = await addEstablishment(client, "Кофейня «Ясень»");
  await subscribeWithPlaylists(client, cafe, [first, second], "Плейлистный");
  const hall = await addWebPlayer(client, cafe, "Зал");
  // A venue without a subscription: its player is not offered.
  const storage = await addEstablishment(client, "Склад");
  await addWebPlayer(client, storage, "Склад-плеер");

  await signInByEmail(page, client.email);
  await page.goto("/playlists");
  const card = page.getByRole("listitem").filter({ hasText: `Ясень ${run}` });
  await expect(card.getByText("Светлая акустика для дневного зала")).toBeVisible();
  await card.getByRole("button", { name: `Добавить на плеер: Ясень ${run}` }).click();

  const dialog = page.getByRole("dialog", { name: "Добавить на плеер" });
  const players = dialog.getByRole("list", { name: "Плееры" });
  await expect(players.getByRole("listitem")).toHaveCount(1);
  await expect(players).toContainText("Кофейня «Ясень»");
  await expect(players).not.toContainText("Склад-плеер");
  await dialog.getByRole("button", { name: "Добавить на плеер Зал" }).click();
  await expect(page.getByText(`Плейлист «Ясень ${run}» добавлен на плеер «Зал»`)).toBeVisible();
  await expect(players.getByText("Уже на плеере")).toBeVisible();

  const onPlayer = await callApi(playersApi.listPlayerPlaylists, {
    params: { id: hall },
    token: client.token,
  });
  expect(onPlayer.data.map((playlist) => playlist.playlistId).sort()).toEqual(
    [first, second].sort(),
  );
});
