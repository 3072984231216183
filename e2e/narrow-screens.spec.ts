import { supportApi } from "@fonika/shared";
import { expect, type Page, test } from "@playwright/test";
import {
  callApi,
  createAccount,
  createSignedInAccount,
  createWaitingClient,
} from "./support/accounts.ts";
import { addEstablishment, addPayer, addWebPlayer } from "./support/clients.ts";
import { signInByEmail } from "./support/sign-in.ts";

/** The narrowest phone the product supports (SPEC: usable at 375 px). */
test.use({ viewport: { width: 375, height: 740 } });

async function overflowOf(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });
}

/**
 * Opens `path` and checks that nothing sticks out sideways: while the
 * screen's data is on its way (its placeholders shown; the screen's API
 * answers held back until that check is done, sign-in's own let through)
 * and once it has loaded.
 */
async function expectFits(page: Page, path: string, loaded: string | RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/**", async (route) => {
    if (!new URL(route.request().url()).pathname.startsWith("/api/v1/auth/")) await held;
    await route.fallback();
  });
  await page.goto(path);
  await expect(page.getByRole("main")).toBeVisible();
  expect(
    await overflowOf(page),
    `${path} is wider than the screen while loading`,
  ).toBeLessThanOrEqual(0);
  release();
  await page.unrouteAll({ behavior: "wait" });
  await expect(page.getByRole("main").getByText(loaded).first()).toBeVisible();
  expect(await overflowOf(page), `${path} is wider than the screen`).toBeLessThanOrEqual(0);
}

/** Opens every section a phone folds (a player's settings) and checks that they fit too. */
async function expectFitsUnfolded(page: Page, loaded: string) {
  const folded = page.locator(".disclosure__toggle[aria-expanded='false']");
  while ((await folded.count()) > 0) await folded.first().click();
  await expect(page.getByRole("main").getByText(loaded).first()).toBeVisible();
  expect(
    await overflowOf(page),
    "the unfolded sections are wider than the screen",
  ).toBeLessThanOrEqual(0);
}

test("a client's screens fit a 375 px phone", async ({ page }) => {
  const client = await createSignedInAccount("role-client", "narrow-client");
  await addPayer(client);
  const venue = await addEstablishment(client, "Кофейня с очень длинным названием на углу");
  const player = await addWebPlayer(client, venue, "Плеер в зале с очень длинным названием у окна");
  await signInByEmail(page, client.email);
  await expectFits(page, "/client-objects", "Кофейня с очень длинным названием на углу");
  await expectFits(
    page,
    `/client-objects/${venue}`,
    "Плеер в зале с очень длинным названием у окна",
  );
  await expectFits(page, "/players", "Плеер в зале с очень длинным названием у окна");
  // The player's page leads with pairing and the remote; its settings are folded on a phone.
  await expectFits(page, `/player/${player}`, "Подключите плеер");
  await expectFitsUnfolded(page, "Плейлисты не добавлены");
  await expectFits(page, "/add-client-objects", "Часовой пояс");
  await expectFits(page, "/subscribe", /Тариф|тариф/);
  await expectFits(page, "/profile", "Устройства и браузеры");
  await expectFits(page, "/profile/legal-list", "ПАО Сбербанк");
  await expectFits(page, "/profile/add-company", "ИНН");
});

test("a newcomer's cabinet and a waiting client's fit a 375 px phone (issue 28)", async ({
  browser,
  page,
}) => {
  // The newcomer's profile with its venue section, and its contacts unfolded.
  await signInByEmail(page, `narrow-newcomer-${Date.now()}@example.com`);
  await expectFits(page, "/cabinet", "Ваше заведение");
  await page.getByText("Телефон и e-mail для связи — необязательно").click();
  await expect(page.getByLabel("Контактный телефон")).toBeVisible();
  expect(
    await overflowOf(page),
    "the unfolded contacts are wider than the screen",
  ).toBeLessThanOrEqual(0);

  // A waiting client's cabinet: the venue's tariffs with «Подписаться», then the venue's subscription.
  const waiting = await createWaitingClient("narrow-waiting", {
    lastName: "Константинопольская",
    firstName: "Мария",
  });
  await addEstablishment(waiting, "Кофейня с очень длинным названием на углу");
  const waitingPage = await (
    await browser.newContext({ viewport: { width: 375, height: 740 } })
  ).newPage();
  await signInByEmail(waitingPage, waiting.email);
  await expectFits(
    waitingPage,
    "/cabinet",
    "Тариф для «Кофейня с очень длинным названием на углу»",
  );
});

test("staff screens of clients and tariffs fit a 375 px phone", async ({ page }) => {
  const admin = await createAccount("role-admin", "narrow-admin");
  const client = await createAccount("role-client", "narrow-listed");
  await signInByEmail(page, admin.email);
  await expectFits(page, "/client-base", client.email);
  await expectFits(page, `/client/${client.userId}`, "Заведения");
  await expectFits(page, `/edit-user/${client.userId}`, "Заблокировать");
  await expectFits(page, "/create-user", "Роль");
  await expectFits(page, "/all-tariff", /тариф/i);
  await expectFits(page, "/create-tariff", "Функции и позиции");
  await expectFits(page, "/subscription-base", /подпис/i);
  await expectFits(page, "/players-base", /Всего: \d+/);
  await expectFits(page, "/players-base/update", "Новая прошивка");
});

test("support's screens fit a 375 px phone, for the client and for support", async ({
  browser,
}) => {
  const client = await createSignedInAccount("role-client", "narrow-support-client");
  const venue = await addEstablishment(client, "Кофейня с очень длинным названием на углу");
  const player = await addWebPlayer(client, venue, "Плеер в зале с очень длинным названием у окна");
  const enquiry = await callApi(supportApi.createEnquiry, {
    token: client.token,
    body: {
      topic: "player-silent",
      establishmentId: venue,
      playerId: player,
      text: "Плеерневключаетсяссамогоутраипишетчтонетсоединениясосервером, хотя интернет есть",
    },
  });
  await callApi(supportApi.sendChatMessage, {
    token: client.token,
    params: { clientId: client.userId },
    body: { text: "Здравствуйте! Тишина в зале с самого утра", clientMessageId: "narrow-1" },
  });
  const agent = await createAccount("role-support", "narrow-agent");
  const clientPage = await (
    await browser.newContext({ viewport: { width: 375, height: 740 } })
  ).newPage();
  const agentPage = await (
    await browser.newContext({ viewport: { width: 375, height: 740 } })
  ).newPage();

  await signInByEmail(clientPage, client.email);
  await expectFits(clientPage, "/support/enquiries", "Плеерневключается");
  await expectFits(clientPage, "/support/create-enquiry", "Описание");
  await expectFits(clientPage, `/support/enquiries/${enquiry.id}`, "Переписка");
  await expectFits(clientPage, "/support/chat", "Тишина в зале с самого утра");

  await signInByEmail(agentPage, agent.email);
  await expectFits(agentPage, "/support/enquiries", "Плеерневключается");
  await expectFits(agentPage, `/support/enquiries/${enquiry.id}`, "Плееры клиента");
  await expectFits(
    agentPage,
    `/support/chat?clientId=${client.userId}`,
    "Тишина в зале с самого утра",
  );
});
