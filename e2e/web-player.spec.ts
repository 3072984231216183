import { historyApi } from "@fonika/shared";
import { expect, test } from "@playwright/test";
import { callApi, createSignedInAccount } from "./support/accounts.ts";
import { uploadTones } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";
import { decksOf, expectPlaying, soundingSong, venueWithWebPlayer } from "./support/web-player.ts";

/**
 * The web player at the venue (issue 14): a browser with no account shows
 * a code, the owner approves it from their phone, and it plays the
 * schedule — following the owner's remote, crossfading, and keeping its
 * session across a reload.
 */
test("a venue's browser approved from the owner's phone plays the schedule, obeys the remote within a second, crossfades and keeps its session", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const manager = await createSignedInAccount("role-content-manager", "web-player-library");
  const songs = await uploadTones(manager.token, "Мелодия", 8, 3);
  const { owner, playerId, venueName } = await venueWithWebPlayer(manager, songs, {
    label: "Эфир",
    slug: "web-player",
    crossfadeSeconds: 2,
  });

  // The venue's computer opens /web-player: a code to read across the room and its QR code.
  const venueContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const venuePage = await venueContext.newPage();
  await venuePage.goto("/web-player");
  const shown = venuePage.getByLabel("Код устройства");
  await expect(shown).toHaveText(/^\d{3} \d{3}$/);
  await expect(venuePage.getByRole("img", { name: /QR-код ссылки/ })).toBeVisible();
  const code = (await shown.textContent())?.replace(" ", "") ?? "";

  // The owner opens the approval link on the phone (what the QR code holds) and approves.
  await page.setViewportSize({ width: 375, height: 740 });
  await signInByEmail(page, owner.email);
  await page.goto(`/cabinet?code=${code}`);
  await expect(page.getByText("Веб-плеер в браузере")).toBeVisible();
  // The owner's only establishment is chosen already; the player is theirs to pick.
  await expect(page.getByLabel("Заведение")).toContainText(venueName);
  await page.getByLabel("Веб-плеер").selectOption({ label: "Зал" });
  await page.getByRole("button", { name: "Подтвердить вход устройства" }).click();
  await expect(
    page.getByText("Веб-плеер подключён: на устройстве будет играть «Зал»"),
  ).toBeVisible();

  // The venue's page plays the scheduled song: its position moves on.
  await expect(venuePage.getByTestId("now-playing")).toHaveText(/Мелодия \d/, { timeout: 15_000 });
  await expectPlaying(venuePage);
  await expect(venuePage.getByRole("status")).toHaveText("На связи");

  // The owner pauses it from the player's page: silent within a second.
  await page.goto(`/player/${playerId}`);
  const remote = page.locator("section.card", {
    has: page.getByRole("heading", { name: "Пульт плеера" }),
  });
  await remote.getByRole("button", { name: "Пауза" }).click();
  const pausedAt = Date.now();
  await expect
    .poll(async () => (await decksOf(venuePage)).some((deck) => deck.playing), { timeout: 1_000 })
    .toBe(false);
  expect(Date.now() - pausedAt).toBeLessThan(1_500);
  await expect(venuePage.getByText("Пауза — включить можно с пульта владельца")).toBeVisible();

  // Play again, then next: another song sounds.
  await remote.getByRole("button", { name: "Играть" }).click();
  await expectPlaying(venuePage, undefined, 3_000);
  const before = await soundingSong(venuePage);
  await remote.getByRole("button", { name: "Следующий трек" }).click();
  await expect.poll(() => soundingSong(venuePage), { timeout: 3_000 }).not.toBe(before);

  // A song's end crossfades into the next: both decks sound, their gains complementary.
  const overlaps: { fades: number[]; songs: (string | null)[] }[] = [];
  await expect
    .poll(
      async () => {
        const decks = await decksOf(venuePage);
        const sounding = decks.filter((deck) => deck.playing);
        const mid =
          sounding.length === 2 && sounding.every((deck) => deck.fade > 0.15 && deck.fade < 0.95);
        if (mid)
          overlaps.push({
            fades: sounding.map((deck) => deck.fade),
            songs: sounding.map((deck) => deck.songId),
          });
        return mid;
      },
      { timeout: 20_000, intervals: [50] },
    )
    .toBe(true);
  const overlap = overlaps[0];
  const [out, into] = overlap?.fades ?? [0, 0];
  // Equal-power curves: cos² + sin² = 1.
  expect((out ?? 0) ** 2 + (into ?? 0) ** 2).toBeGreaterThan(0.8);
  expect((out ?? 0) ** 2 + (into ?? 0) ** 2).toBeLessThan(1.2);
  expect(new Set(overlap?.songs).size).toBe(2);

  // A reload plays again with the same device session: no code.
  await venuePage.reload();
  await expect(venuePage.getByLabel("Код устройства")).toHaveCount(0);
  await expectPlaying(venuePage);

  // The broadcast history holds the plays it reported: skipped, finished, the one playing.
  const history = await callApi(historyApi.playerHistory, {
    params: { id: playerId },
    token: owner.token,
  });
  expect(history.total).toBeGreaterThanOrEqual(3);
  expect(history.data.map((play) => play.ending)).toContain("skipped");
  await venueContext.close();
});
