import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBoxPlayer } from "@fonika/box-player";
import { authApi } from "@fonika/shared";
import { expect, test } from "@playwright/test";
import { callApi, createAccount, createSignedInAccount } from "./support/accounts.ts";
import { nextEvent } from "./support/box-player.ts";
import {
  addBoxPlayer,
  addEstablishment,
  scheduleAllWeek,
  subscribeWithPlaylists,
} from "./support/clients.ts";
import { E2E } from "./support/environment.ts";
import { makePlaylist, uploadFixture } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";

test("an administrator finds a playing box in the players base by its state, uploads a newer firmware, and the box at the venue downloads it", async ({
  page,
}) => {
  // A venue whose box plays a playlist all day (set up through the API as the owner's screens do).
  const manager = await createSignedInAccount("role-content-manager", "fw-library");
  const song = await uploadFixture(manager.token, "tone.mp3");
  const playlistId = await makePlaylist(manager.token, `Прошивка ${Date.now() % 100_000}`, [song]);
  const client = await createSignedInAccount("role-client", "fw-owner");
  const venue = await addEstablishment(client, "Барбершоп «Прошивка»");
  const serial = `FW-${Date.now() % 1_000_000}`;
  const player = await addBoxPlayer(client, venue, "Бокс у зеркала", serial);
  await subscribeWithPlaylists(client, venue, [playlistId], "Прошивка");
  await scheduleAllWeek(client, player, playlistId);

  const updatesDir = await mkdtemp(join(tmpdir(), "e2e-box-updates-"));
  const box = startBoxPlayer({
    server: E2E.baseUrl,
    serial,
    version: "1.0.0",
    updatesDir,
    speed: 0.05,
    timings: { poll: 500 },
  });
  try {
    const { code } = await nextEvent(box, "code");
    await callApi(authApi.approveDeviceCode, {
      body: { code, establishmentId: venue },
      token: client.token,
    });
    const playing = await nextEvent(box, "playing");
    expect(playing.song.id).toBe(song);

    // The administrator looks for boxes that are online and playing.
    const admin = await createAccount("role-admin", "fw-admin");
    await signInByEmail(page, admin.email);
    await page.goto("/players-base");
    await page.getByRole("group", { name: "Сеть" }).getByText("В сети", { exact: true }).click();
    await page
      .getByRole("group", { name: "Воспроизведение" })
      .getByText("Играет", { exact: true })
      .click();
    await page.getByRole("group", { name: "Тип" }).getByText("Бокс", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "Бокс", exact: true })).toBeChecked();
    await expect(page).toHaveURL(/status=online/);
    await page.getByLabel("Поиск плееров").fill(serial);
    const table = page.getByRole("table", { name: "Плееры" });
    const row = table.getByRole("row", { name: /Бокс у зеркала/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Играет");
    await expect(row).toContainText(playing.song.title);
    await expect(row).toContainText("Барбершоп «Прошивка»");

    // A newer firmware is uploaded; the box hears of it at once and downloads it.
    const firmware = Buffer.alloc(300_000, 7);
    const version = `9.${Date.now() % 1_000}.0`;
    const available = nextEvent(box, "updateAvailable");
    const downloaded = nextEvent(box, "updateDownloaded");
    await page.goto("/players-base/update");
    await page.getByLabel("Выбрать файл прошивки").setInputFiles({
      name: `fonika-box-${version}.bin`,
      mimeType: "application/octet-stream",
      buffer: firmware,
    });
    await expect(page.getByLabel("Версия")).toHaveValue(version);
    await page.getByRole("button", { name: "Загрузить", exact: true }).click();
    // The toast, not the table's "Загружено" column (there once any update is listed).
    await expect(page.getByRole("alert").filter({ hasText: `${version} загружено` })).toBeVisible();
    await expect(page.getByRole("cell", { name: version, exact: true })).toBeVisible();
    expect(await available).toMatchObject({ version, size: firmware.length });
    const file = await downloaded;
    expect((await readFile(file.path)).equals(firmware)).toBe(true);
  } finally {
    await box.stop();
    await rm(updatesDir, { recursive: true, force: true });
  }
});
