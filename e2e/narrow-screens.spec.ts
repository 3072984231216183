import { expect, type Page, test } from "@playwright/test";
import { createAccount, createSignedInAccount } from "./support/accounts.ts";
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
 * screen's data is on its way (its placeholders shown; the API answers are
 * held back a second) and once it has loaded.
 */
async function expectFits(page: Page, path: string, loaded: string | RegExp) {
  await page.route("**/api/v1/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.fallback();
  });
  await page.goto(path);
  await expect(page.getByRole("main")).toBeVisible();
  expect(
    await overflowOf(page),
    `${path} is wider than the screen while loading`,
  ).toBeLessThanOrEqual(0);
  await page.unrouteAll({ behavior: "wait" });
  await expect(page.getByRole("main").getByText(loaded).first()).toBeVisible();
  expect(await overflowOf(page), `${path} is wider than the screen`).toBeLessThanOrEqual(0);
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
  await expectFits(page, `/player/${player}`, "Плейлисты не добавлены");
  await expectFits(page, "/add-client-objects", "Часовой пояс");
  await expectFits(page, "/subscribe", /Тариф|тариф/);
  await expectFits(page, "/profile", "Устройства и браузеры");
  await expectFits(page, "/profile/legal-list", "ПАО Сбербанк");
  await expectFits(page, "/profile/add-company", "ИНН");
});

test("staff screens of clients and tariffs fit a 375 px phone", async ({ page }) => {
  const admin = await createAccount("role-admin", "narrow-admin");
  const client = await createAccount("role-client", "narrow-listed");
  await signInByEmail(page, admin.email);
  await expectFits(page, "/client-base", client.email);
  await expectFits(page, `/client/${client.userId}`, "Объекты");
  await expectFits(page, `/edit-user/${client.userId}`, "Заблокировать");
  await expectFits(page, "/create-user", "Роль");
  await expectFits(page, "/all-tariff", /тариф/i);
  await expectFits(page, "/create-tariff", "Функции и позиции");
  await expectFits(page, "/subscription-base", /подпис/i);
  await expectFits(page, "/players-base", /Всего: \d+/);
  await expectFits(page, "/players-base/update", "Новая прошивка");
});
