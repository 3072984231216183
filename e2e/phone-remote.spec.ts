import { expect, type Locator, test } from "@playwright/test";
import { createSignedInAccount } from "./support/accounts.ts";
import { addEstablishment, addWebPlayer, subscribeWithPlaylists } from "./support/clients.ts";
import { makePlaylist, uploadTones } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";
import { expectPlaying, playHere, soundingSong } from "./support/web-player.ts";

/**
 * The phone remote (issue 28): the owner opens a player's page on a 375 px
 * phone and finds what plays and the remote on the first screen, pauses and
 * plays the venue's music from there, then opens the folded schedule, adds
 * a weekday window in the sheet that rises from the bottom and sees it on
 * its day.
 */

const PHONE = { width: 375, height: 740 };
test.use({ viewport: PHONE });

const WEEKDAYS = ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница"];

/** Whether the element lies wholly on the screen as it is (nothing scrolled). */
async function expectOnFirstScreen(element: Locator, what: string) {
  const box = await element.boundingBox();
  expect(box, `${what} is not laid out`).not.toBeNull();
  if (!box) return;
  expect(box.y, `${what} is above the screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} is below the first screen`).toBeLessThanOrEqual(PHONE.height);
  expect(box.x + box.width, `${what} sticks out sideways`).toBeLessThanOrEqual(PHONE.width);
}

test("on a phone the owner finds the remote first, pauses and plays, and adds a weekday window in the sheet", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // A venue subscribed to one playlist; its new web player plays it (a new player's first music).
  const manager = await createSignedInAccount("role-content-manager", "phone-remote-library");
  const songs = await uploadTones(manager.token, "Пульт", 40, 3);
  const playlistName = `Пульт ${Date.now() % 100_000}`;
  const playlistId = await makePlaylist(manager.token, playlistName, songs);
  const owner = await createSignedInAccount("role-client", "phone-remote-owner");
  const venueId = await addEstablishment(owner, "Кафе «Пульт»");
  await subscribeWithPlaylists(owner, venueId, [playlistId], "Пульт");
  const playerId = await addWebPlayer(owner, venueId, "Зал");

  // The venue's computer plays it.
  const venueContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const venuePage = await venueContext.newPage();
    await playHere(venuePage, owner, playerId);

    // The owner's phone: what plays and the remote, on the first screen.
    await signInByEmail(page, owner.email);
    await page.goto(`/player/${playerId}`);
    const remote = page.locator("section.card", {
      has: page.getByRole("heading", { name: "Пульт плеера" }),
    });
    const pause = remote.getByRole("button", { name: "Пауза" });
    await expect(pause).toBeEnabled();
    await expect(remote.locator(".remote-now").getByText(/^Пульт \d$/)).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectOnFirstScreen(remote.locator(".remote-now"), "what plays");
    await expectOnFirstScreen(pause, "«Пауза»");
    await expectOnFirstScreen(
      remote.getByRole("button", { name: "Следующий трек" }),
      "«Следующий трек»",
    );
    await expectOnFirstScreen(remote.getByRole("slider", { name: "Громкость" }), "the volume");
    // The settings wait below, folded.
    for (const name of ["Плейлисты плеера", "Расписание", "Переход между песнями", "Плеер"]) {
      await expect(page.getByRole("button", { name, exact: true })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
    }

    // Pause and play from the phone: the venue follows.
    await pause.click();
    await expect.poll(() => soundingSong(venuePage), { timeout: 3_000 }).toBeNull();
    await remote.getByRole("button", { name: "Играть", exact: true }).click();
    await expectPlaying(venuePage, undefined, 5_000);
    await expect(remote.getByRole("button", { name: "Пауза" })).toBeVisible();

    // The schedule opens from its title.
    const toggle = page.getByRole("button", { name: "Расписание", exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const schedule = page.locator("section.card", {
      has: page.getByRole("heading", { name: "Расписание", exact: true }),
    });
    await expect(schedule.getByText("Время заведения: Москва (UTC+3)")).toBeVisible();

    // «Добавить окно» raises a sheet from the bottom of the screen.
    await schedule.getByRole("button", { name: "Добавить окно" }).click();
    const sheet = page.getByRole("dialog", { name: "Новое окно" });
    await expect(sheet).toBeVisible();
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box ? Math.round(box.y + box.height) : null;
      })
      .toBe(PHONE.height);
    const form = sheet.getByRole("form", { name: "Новое окно расписания" });
    await expect(form.getByLabel("Плейлист")).toHaveValue(playlistId);
    await form.getByRole("button", { name: "Будни" }).click();
    await expect(form.getByRole("button", { name: "Будни" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    for (const day of WEEKDAYS) await expect(form.getByLabel(day)).toBeChecked();
    await expect(form.getByLabel("Суббота")).not.toBeChecked();
    await form.getByLabel("Начало").fill("09:00");
    await form.getByLabel("Конец").fill("18:00");
    await form.getByRole("button", { name: "Добавить окно" }).click();
    await expect(page.getByText("Окно добавлено в расписание")).toBeVisible();
    await expect(sheet).toBeHidden();

    // The week shows a day of the window, and the window there, on the screen.
    const shownDay = schedule.getByRole("tab", { selected: true });
    const dayName = (await shownDay.getAttribute("aria-label")) ?? "";
    expect(WEEKDAYS).toContain(dayName);
    const added = schedule
      .getByRole("region", { name: dayName })
      .getByRole("button", { name: `Окно «${playlistName}» (пн, вт, ср, чт, пт, 09:00–18:00)` });
    await expect(added).toBeInViewport();
    await expect(added).toBeFocused();

    // Nothing of it sticks out sideways.
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth - window.innerWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await venueContext.close();
  }
});
