import { expect, test } from "@playwright/test";
import { createSignedInAccount } from "./support/accounts.ts";
import { addEstablishment, subscribeWithPlaylists } from "./support/clients.ts";
import { makePlaylist, uploadFixture } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";

test("a client finds a song through the header search and lands on the playlists that play it", async ({
  page,
}) => {
  // A library made by a content manager: 'Ёлочка' plays in one playlist of two.
  const manager = await createSignedInAccount("role-content-manager", "search-library");
  const winterSong = await uploadFixture(manager.token, "tone.mp3");
  const morningSong = await uploadFixture(manager.token, "tone.opus");
  const winter = await makePlaylist(manager.token, "Зимний вечер", [winterSong]);
  await makePlaylist(manager.token, "Утренний свет", [morningSong]);

  // The client's venue is subscribed to a tariff that plays 'Зимний вечер'.
  const client = await createSignedInAccount("role-client", "search");
  const venue = await addEstablishment(client, "Кафе «Поиск»");
  await subscribeWithPlaylists(client, venue, [winter], "Поиск");
  await signInByEmail(page, client.email);

  // Typing without 'ё' and in lower case still finds it.
  await page.getByRole("combobox", { name: "Поиск треков и плейлистов" }).fill("елочк");
  const suggestions = page.getByRole("listbox", { name: "Подсказки поиска" });
  const song = suggestions.getByRole("option", { name: "Ёлочка" });
  await expect(song).toBeVisible();
  await expect(song).toContainText("Хор Весна");
  await song.click();

  await expect(suggestions).toBeHidden();
  await expect(page).toHaveURL(/\/playlists\?.*filterBy=song/);
  await expect(page.getByText("Трек: Ёлочка")).toBeVisible();
  await expect(page.getByRole("link", { name: "Зимний вечер" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Утренний свет" })).toHaveCount(0);

  // The playlist its tariff plays opens with its track.
  await page.getByRole("link", { name: "Зимний вечер" }).click();
  await expect(page.getByRole("heading", { name: "Зимний вечер" })).toBeVisible();
  await expect(page.getByText("Ёлочка")).toBeVisible();
});
