import { playersApi } from "@fonika/shared";
import { expect, test } from "@playwright/test";
import { callApi, createAccount, createSignedInAccount } from "./support/accounts.ts";
import { addEstablishment, addTariff, PAYER } from "./support/clients.ts";
import { makePlaylist, uploadTones } from "./support/library.ts";
import { signInByEmail } from "./support/sign-in.ts";
import { expectPlaying, venueWithWebPlayer } from "./support/web-player.ts";

/**
 * What a venue pays for is what plays there (issue 27): an owner whose
 * first venue plays subscribes a second one; its web player stays silent
 * and says «Нет активной подписки» while the subscription waits for a
 * client manager, and plays the moment the manager activates it — on the
 * venue's screen and on the owner's player page, without a reload.
 */
test("a second venue's web player is silent under a pending subscription, says why, and plays once a client manager activates it", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const library = await createSignedInAccount("role-content-manager", "licence-library");
  const songs = await uploadTones(library.token, "Лицензия", 8, 3);
  // The owner's first venue plays under its own subscription (its payer is the one below).
  const { owner } = await venueWithWebPlayer(library, songs, {
    label: "Первое",
    slug: "licence",
    crossfadeSeconds: 0,
  });
  const manager = await createAccount("role-client-manager", "licence-manager");
  const playlistId = await makePlaylist(library.token, `Второе ${Date.now() % 100_000}`, songs);
  const tariff = await addTariff(
    {
      type: "basic",
      description: "Музыка для второго зала",
      active: true,
      price: 990,
      basePrice: 990,
      features: [],
      benefits: ["Лицензия на всю музыку"],
      playlistIds: [playlistId],
    },
    "Второй зал",
  );
  const secondVenue = "Кафе «Второе»";
  const secondId = await addEstablishment(owner, secondVenue, "Москва, Арбат, 1");

  // The owner subscribes the second venue from its card.
  await page.setViewportSize({ width: 375, height: 740 });
  await signInByEmail(page, owner.email);
  await page.goto(`/subscribe?establishmentId=${secondId}`);
  await page.getByRole("link", { name: `Подробнее о тарифе ${tariff}` }).click();
  await expect(page.getByLabel("Заведение")).toContainText(secondVenue);
  await page
    .getByLabel("Организация")
    .selectOption({ label: `${PAYER.organization.company}, ИНН ${PAYER.organization.inn}` });
  await page.getByLabel("Способ оплаты").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Подписаться" }).click();
  await expect(
    page.getByText("Подписка оформлена и ждёт подключения клиентским менеджером"),
  ).toBeVisible();

  // The second venue's screen opens /web-player; the owner approves it there.
  const venueContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const venuePage = await venueContext.newPage();
  await venuePage.goto("/web-player");
  const shown = venuePage.getByLabel("Код устройства");
  await expect(shown).toHaveText(/^\d{3} \d{3}$/);
  const code = (await shown.textContent())?.replace(" ", "") ?? "";
  await page.goto(`/cabinet?code=${code}`);
  await page.getByLabel("Заведение").selectOption({ label: `${secondVenue}, Москва, Арбат, 1` });
  await expect(page.getByLabel("Веб-плеер")).toHaveValue(/.+/);
  await page.getByRole("button", { name: "Подтвердить вход устройства" }).click();
  await expect(page.getByText(/Веб-плеер подключён/)).toBeVisible();

  // Silent, and saying why rather than looking broken.
  await expect(venuePage.getByTestId("now-playing")).toHaveText("Нет активной подписки", {
    timeout: 15_000,
  });
  await expect(venuePage.getByTestId("licence-hint")).toContainText(
    "ждёт подключения менеджером Фоники",
  );
  const players = await callApi(playersApi.listUserPlayers, {
    params: { userId: owner.userId },
    query: { establishmentId: secondId },
    token: owner.token,
  });
  const player = players.data[0];
  expect(player?.licence.state).toBe("pending");
  await page.goto(`/player/${player?.id}`);
  const note = page.getByTestId("player-licence");
  await expect(note).toContainText("Нет активной подписки");
  await expect(note).toContainText("ждёт подключения менеджером Фоники");

  // A client manager activates it.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await signInByEmail(managerPage, manager.email);
  // From the queue of pending subscriptions (issue 28), in its row.
  await managerPage.goto("/subscription-base");
  await managerPage
    .getByRole("button", { name: `Активировать подписку заведения ${secondVenue}` })
    .first()
    .click();
  await expect(managerPage.getByText("Подписка активирована")).toBeVisible();

  // The music starts on the venue's screen and the owner's page changes, neither reloaded.
  await expect(venuePage.getByTestId("now-playing")).toHaveText(/Лицензия \d/, {
    timeout: 15_000,
  });
  await expectPlaying(venuePage);
  await expect(note).toHaveCount(0, { timeout: 10_000 });
  await venueContext.close();
  await managerContext.close();
});
