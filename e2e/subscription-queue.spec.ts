import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { createAccount, createSignedInAccount } from "./support/accounts.ts";
import { addEstablishment, addPayer, addTariff, PAYER } from "./support/clients.ts";
import { E2E } from "./support/environment.ts";
import { signInByEmail } from "./support/sign-in.ts";

/** Subjects of the mails the server logged for an address (no SMTP_URL in the flows). */
function mailSubjectsTo(address: string): string[] {
  const text = readFileSync(E2E.logFile, "utf8");
  const whole = text.slice(0, text.lastIndexOf("\n") + 1);
  return whole
    .split("\n")
    .filter((line) => line.includes(address) && line.includes('"subject"'))
    .map((line) => String((JSON.parse(line) as { subject?: unknown }).subject));
}

/**
 * Staff see what waits for them (issue 28): a client subscribes a venue;
 * a client manager, signed in elsewhere, is told at once (a toast, a mail,
 * the count on «Подписки»), opens the queue and activates it from its row;
 * the owner's venue page, open the whole time, turns «Активна» without a
 * reload.
 */
test("a client manager is told of a new subscription, activates it from the queue, and the owner's page turns active without a reload", async ({
  browser,
  page,
}) => {
  const manager = await createAccount("role-client-manager", "queue-manager");
  const owner = await createSignedInAccount("role-client", "queue-owner");
  await addPayer(owner);
  const venue = `Кафе «Очередь ${Date.now() % 100_000}»`;
  const venueId = await addEstablishment(owner, venue, "Москва, Мясницкая, 3");
  const tariff = await addTariff(
    {
      type: "basic",
      description: "Музыка для кафе",
      active: true,
      price: 1290,
      basePrice: 1290,
      features: [],
      benefits: ["Лицензия на всю музыку"],
    },
    "Очередь",
  );

  // The client manager works elsewhere, signed in in a browser of their own.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await signInByEmail(managerPage, manager.email);
  await expect(managerPage.getByRole("link", { name: "Подписки" })).toBeVisible();

  // The owner subscribes the venue and stays on its page.
  await signInByEmail(page, owner.email);
  await page.goto(`/subscribe?establishmentId=${venueId}`);
  await page.getByRole("link", { name: `Подробнее о тарифе ${tariff}` }).click();
  await expect(page.getByLabel("Заведение")).toContainText(venue);
  await page
    .getByLabel("Организация")
    .selectOption({ label: `${PAYER.organization.company}, ИНН ${PAYER.organization.inn}` });
  await page.getByLabel("Способ оплаты").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Подписаться" }).click();
  await expect(
    page.getByText("Подписка оформлена и ждёт подключения клиентским менеджером"),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: venue, level: 1 })).toBeVisible();
  await expect(page.getByText("Ожидает подключения").first()).toBeVisible();
  // Marks this very document: a reload would lose it.
  await page.evaluate(() => {
    (window as { queueFlowMark?: boolean }).queueFlowMark = true;
  });

  // The manager is told at once, by a toast and on the menu, and by mail.
  await expect(
    managerPage.getByText(`Новая подписка ждёт подключения: «${venue}»`, { exact: false }),
  ).toBeVisible();
  await expect(managerPage.getByRole("status", { name: /^Ждут подключения: \d+/ })).toBeVisible();
  await expect
    .poll(() => mailSubjectsTo(manager.email))
    .toContain(`Новая подписка ждёт подключения: ${venue}`);

  // The queue, from the menu: the venue's row with its payer and price, activated from the row.
  await managerPage.getByRole("link", { name: "Подписки" }).click();
  const queue = managerPage.getByRole("table", { name: "Ждут подключения" });
  const row = queue.getByRole("row").filter({ hasText: venue });
  await expect(row).toContainText(tariff);
  await expect(row).toContainText(PAYER.organization.company);
  await expect(row).toContainText("1 290 ₽");
  await row.getByRole("button", { name: `Активировать подписку заведения ${venue}` }).click();
  await expect(managerPage.getByText("Подписка активирована")).toBeVisible();
  await expect(queue.getByRole("row").filter({ hasText: venue })).toHaveCount(0);

  // The owner's page, never reloaded, says «Активна» and no longer «Ожидает подключения».
  await expect(page.getByText("Активна").first()).toBeVisible();
  await expect(page.getByText("Ожидает подключения")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { queueFlowMark?: boolean }).queueFlowMark)).toBe(
    true,
  );
  await managerContext.close();
});
