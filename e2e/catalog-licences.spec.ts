import { readFileSync } from "node:fs";
import { historyApi, licenceDayOf } from "@fonika/shared";
import { expect, test } from "@playwright/test";
import { callApi, createSignedInAccount } from "./support/accounts.ts";
import { uploadTones } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";
import { expectPlaying, playHere, venueWithWebPlayer } from "./support/web-player.ts";

/**
 * The catalog for rights holders (issue 32): a content manager records a
 * copyright holder with its licence — contract, territory, period and the
 * signed document — credits an album's tracks with it at once, and the
 * royalty report the venue's owner downloads names the holder on a play.
 * Then the licence is set to have ended yesterday: the playlist editor
 * marks the album's tracks as not playing, and the venue's player, having
 * nothing else, falls silent and says so.
 */

/** A one-page PDF, as a scanned contract would be kept. */
const CONTRACT = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Лицензионный договор\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/** The Moscow day `days` from today, as a date field takes it. */
const dayFromToday = (days: number) => licenceDayOf(Date.now() + days * 86_400_000);

test("a content manager records a holder's licence with its document, credits an album's tracks with it at once, the venue owner's report names the holder, and a licence set to end yesterday takes its songs out of what plays", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const manager = await createSignedInAccount("role-content-manager", "holder-catalog");
  const run = Date.now() % 100_000;
  const album = `Альбом «Права ${run}»`;
  const songs = await uploadTones(manager.token, `Правовой трек ${run}`, 4, 3, album);
  const holder = `Лейбл «Проба ${run}»`;

  // The holder, in the catalog.
  await signInByEmail(page, manager.email);
  await page.getByRole("link", { name: "Каталог" }).click();
  await page.getByRole("link", { name: "Правообладатели" }).click();
  // The page's own button (an empty catalog's message offers the same one below it).
  await page.getByRole("button", { name: "Добавить правообладателя" }).first().click();
  await page.getByLabel("Название правообладателя").fill(holder);
  await page.getByRole("button", { name: "Добавить", exact: true }).click();
  await expect(page.getByText(`Правообладатель «${holder}» добавлен`)).toBeVisible();

  // Its licence: the contract's number, territory, period and its scan.
  await page.getByRole("button", { name: `Лицензии «${holder}»` }).click();
  const licences = page.getByRole("dialog", { name: `Лицензии: ${holder}` });
  await expect(licences.getByText(/Лицензий нет/)).toBeVisible();
  await licences.getByLabel("Номер договора").fill(`№ ${run}/2026-Л`);
  await licences.getByLabel("Действует с").fill(dayFromToday(-30));
  await licences.getByLabel("Действует по").fill(dayFromToday(335));
  await licences
    .getByLabel("Документ")
    .setInputFiles({ name: "договор.pdf", mimeType: "application/pdf", buffer: CONTRACT });
  await licences.getByRole("button", { name: "Добавить лицензию" }).click();
  await expect(licences.getByRole("link", { name: "договор.pdf" })).toBeVisible();
  await expect(licences.getByText("Действует", { exact: true })).toBeVisible();
  await licences.getByRole("button", { name: "Закрыть" }).click();

  // The album's three tracks get the holder at once.
  await page.goto(`/tracks?filterBy=album&filterValue=${encodeURIComponent(album)}`);
  await expect(page.getByRole("row", { name: new RegExp(`Правовой трек ${run} 3`) })).toBeVisible();
  await page.getByRole("checkbox", { name: "Выбрать все" }).click();
  await page.getByRole("button", { name: "Авторы и правообладатель" }).click();
  const credits = page.getByRole("dialog", { name: "Авторы и правообладатель: треков 3" });
  await credits.getByRole("checkbox", { name: "Заменить авторов" }).click();
  await credits.getByLabel("Правообладатель").fill(`Проба ${run}`);
  await credits.getByRole("button", { name: new RegExp(holder) }).click();
  await credits.getByRole("button", { name: "Применить ко всем" }).click();
  await expect(page.getByText("Правообладатель указан у треков: 3")).toBeVisible();

  // A venue plays the album; its owner downloads the month's report.
  const { owner, playerId, playlistId } = await venueWithWebPlayer(manager, songs, {
    label: `Права ${run}`,
    slug: "holder-report",
    crossfadeSeconds: 0,
  });
  const venue = await browser.newPage();
  await playHere(venue, owner, playerId);
  await expect
    .poll(
      async () =>
        (
          await callApi(historyApi.playerHistory, { params: { id: playerId }, token: owner.token })
        ).data.some((play) => play.ending === "finished"),
      { timeout: 30_000 },
    )
    .toBe(true);
  await venue.goto(`/player/${playerId}`);
  const [download] = await Promise.all([
    venue.waitForEvent("download"),
    venue.getByRole("link", { name: "Скачать отчёт (CSV)" }).click(),
  ]);
  const report = readFileSync((await download.path()) as string, "utf8");
  const played = report.split("\r\n").find((line) => line.includes(`Правовой трек ${run}`));
  expect(played).toContain(holder);

  // The venue plays on.
  await venue.goto("/web-player");
  await expectPlaying(venue);

  // The licence is found to have ended yesterday: the content manager says so.
  await page.goto("/catalog/copyright-holders");
  await page.getByRole("button", { name: `Лицензии «${holder}»` }).click();
  await licences.getByRole("button", { name: `Изменить договор № ${run}/2026-Л` }).click();
  await licences.getByLabel("Действует по").fill(dayFromToday(-1));
  await licences.getByRole("button", { name: "Сохранить лицензию" }).click();
  await expect(licences.getByText("Истекла", { exact: true })).toBeVisible();
  await licences.getByRole("button", { name: "Закрыть" }).click();

  // The playlist's editor marks the album's tracks; the venue has nothing left to play.
  await page.goto(`/playlists/edit/${playlistId}`);
  const tracks = page.getByRole("region", { name: /Треки версии/ });
  await expect(tracks.getByRole("status")).toContainText(
    "Не звучат 3 трека: нет лицензии правообладателя",
  );
  await expect(
    tracks.getByText(`Не звучит: у правообладателя «${holder}» нет действующей лицензии`),
  ).toHaveCount(3);
  await expect(
    venue.getByText(/^Играть нечего: в плейлисте по расписанию нет доступных песен/),
  ).toBeVisible({
    timeout: 30_000,
  });
  await venue.close();
});
