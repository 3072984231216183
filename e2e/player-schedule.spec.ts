import { expect, test } from "@playwright/test";
import { createSignedInAccount } from "./support/accounts.ts";
import { addEstablishment, addWebPlayer, subscribeWithPlaylists } from "./support/clients.ts";
import { makePlaylist, uploadFixture } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";

test("a client with a subscription puts a playlist on its player, drags it onto the week, is warned of a conflict and sets the fallback", async ({
  page,
}) => {
  // A playlist of the library, granted by the tariff the venue is subscribed to.
  const manager = await createSignedInAccount("role-content-manager", "schedule-library");
  const song = await uploadFixture(manager.token, "tone.mp3");
  const playlistName = `Утро ${Date.now() % 100_000}`;
  const playlistId = await makePlaylist(manager.token, playlistName, [song]);
  const client = await createSignedInAccount("role-client", "schedule-owner");
  const venue = await addEstablishment(client, "Кофейня «Неделя»");
  const player = await addWebPlayer(client, venue, "Зал у окна");
  await subscribeWithPlaylists(client, venue, [playlistId], "Расписание");

  await signInByEmail(page, client.email);
  await page.goto(`/player/${player}`);
  await expect(page.getByRole("heading", { name: "Зал у окна", level: 1 })).toBeVisible();

  // The playlist goes on the player.
  const playlists = page.locator("section.card", {
    has: page.getByRole("heading", { name: "Плейлисты плеера" }),
  });
  await playlists.getByRole("button", { name: "Добавить плейлист" }).click();
  const picker = page.getByRole("dialog", { name: "Добавить плейлист" });
  await picker.getByRole("button", { name: `Добавить плейлист ${playlistName}` }).click();
  await expect(page.getByText(`Плейлист «${playlistName}» добавлен на плеер`)).toBeVisible();
  await picker.getByRole("button", { name: "Закрыть" }).click();

  // The week, in the venue's zone, empty, silent where no window plays.
  const schedule = page.locator("section.card", {
    has: page.getByRole("heading", { name: "Расписание", exact: true }),
  });
  await expect(schedule.getByText("Время заведения: Москва (UTC+3)")).toBeVisible();
  await expect(schedule.getByText("Когда расписание пусто: тишина")).toBeVisible();

  // Dragging the playlist onto Wednesday at 03:00 makes a two-hour window there.
  const chip = schedule
    .getByRole("list", { name: "Плейлисты для расписания" })
    .getByText(playlistName);
  await chip.scrollIntoViewIfNeeded();
  await chip.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const wednesday = schedule.getByRole("region", { name: "Среда" });
  const from = await chip.boundingBox();
  const column = await wednesday.boundingBox();
  if (!from || !column) throw new Error("the palette or the week is not laid out");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const target = { x: column.x + column.width / 2, y: column.y + (column.height * 3) / 24 + 3 };
  await page.mouse.move(target.x, target.y, { steps: 8 });
  await expect(schedule.getByRole("status")).toHaveText(`«${playlistName}» (ср, 03:00–05:00)`);
  await page.mouse.up();
  await expect(page.getByText("Окно добавлено в расписание")).toBeVisible();
  await expect(
    wednesday.getByRole("button", { name: `Окно «${playlistName}» (ср, 03:00–05:00)` }),
  ).toBeVisible();

  // The form opens beside its button and names the window a new one would hit, before anything is sent.
  const add = schedule.getByRole("button", { name: "Добавить окно" });
  await add.click();
  const sheet = page.getByRole("dialog", { name: "Новое окно" });
  const form = sheet.getByRole("form", { name: "Новое окно расписания" });
  const [button, panel] = [await add.boundingBox(), await sheet.boundingBox()];
  if (!button || !panel) throw new Error("the button or its panel is not laid out");
  // Just under the button, or just over it when there is no room under it.
  const gap = Math.max(panel.y - (button.y + button.height), button.y - (panel.y + panel.height));
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(24);
  await form.getByLabel("Среда").check();
  await form.getByLabel("Пятница").check();
  await form.getByLabel("Начало").fill("04:00:00");
  await form.getByLabel("Конец").fill("06:00:00");
  await expect(form.getByRole("alert")).toHaveText(
    `Пересекается с окном «${playlistName}» (ср, 03:00–05:00)`,
  );
  await expect(form.getByRole("button", { name: "Добавить окно" })).toBeDisabled();
  await form.getByLabel("Начало").fill("05:00:00");
  await expect(form.getByRole("alert")).toBeHidden();
  await form.getByRole("button", { name: "Добавить окно" }).click();
  await expect(page.getByText("Окно добавлено в расписание").last()).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(
    schedule
      .getByRole("region", { name: "Пятница" })
      .getByRole("button", { name: `Окно «${playlistName}» (ср, пт, 05:00–06:00)` }),
  ).toBeVisible();

  // The fallback plays the playlist where no window does.
  await schedule.getByLabel("Играть, когда расписание пусто").selectOption({ label: playlistName });
  await expect(schedule.getByText(`Когда расписание пусто: «${playlistName}»`)).toBeVisible();

  // All of it was saved: a reload draws the same week.
  await page.reload();
  await expect(
    page
      .getByRole("region", { name: "Среда" })
      .getByRole("button", { name: `Окно «${playlistName}» (ср, 03:00–05:00)` }),
  ).toBeVisible();
  await expect(page.getByText(`Когда расписание пусто: «${playlistName}»`)).toBeVisible();
});
