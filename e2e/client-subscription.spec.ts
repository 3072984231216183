import { expect, test } from "@playwright/test";
import { createAccount, createSignedInAccount } from "./support/accounts.ts";
import { addPayer, addTariff, PAYER } from "./support/clients.ts";
import { logOut, signInByEmail } from "./support/sign-in.ts";

test("a client adds an establishment and subscribes it to a tariff; a client manager approves its item and activates it", async ({
  page,
}) => {
  const manager = await createAccount("role-client-manager", "subscription-manager");
  const client = await createSignedInAccount("role-client", "subscriber");
  await addPayer(client);
  const tariff = await addTariff(
    {
      type: "basic",
      description: "Музыка для кафе",
      active: true,
      price: 1490,
      basePrice: 1990,
      features: [
        {
          name: "Оформление",
          recurrent: true,
          items: [
            { name: "Голосовые объявления", approvalRequired: true, price: 500 },
            { name: "Второй плеер", approvalRequired: false, price: 300 },
          ],
        },
      ],
      benefits: ["Лицензия на всю музыку"],
    },
    "Базовый",
  );

  // A client without venues starts on the empty list and adds the first one.
  await signInByEmail(page, client.email);
  await expect(page).toHaveURL(/\/client-objects$/);
  await expect(page.getByText("Пока нет заведений")).toBeVisible();
  await page.getByRole("link", { name: "Добавить заведение" }).first().click();
  await page.getByLabel("Название").fill("Кофейня «Зерно»");
  await page.getByLabel("Адрес").fill("Москва, Тверская, 7");
  await expect(page.getByRole("combobox", { name: "Часовой пояс" })).toHaveValue("Москва (UTC+3)");
  await page.getByRole("button", { name: "Добавить заведение" }).click();
  await expect(page.getByText("Заведение «Кофейня «Зерно»» добавлено")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Кофейня «Зерно»" })).toBeVisible();

  // Back on the list, the card offers a tariff.
  await page.goto("/client-objects");
  await expect(page.getByText("Нет подписки")).toBeVisible();
  await page.getByRole("link", { name: "Подключить тариф" }).click();
  await expect(page).toHaveURL(/\/subscribe\?establishmentId=/);
  await page.getByRole("link", { name: `Подробнее о тарифе ${tariff}` }).click();

  // The tariff's page: the establishment is chosen, the client picks items and the payer.
  await expect(page.getByRole("heading", { name: tariff })).toBeVisible();
  await expect(page.getByLabel("Заведение")).toContainText("Кофейня «Зерно»");
  await page.getByRole("checkbox", { name: /Второй плеер/ }).check();
  await page.getByRole("checkbox", { name: /Голосовые объявления/ }).check();
  await page
    .getByLabel("Организация")
    .selectOption({ label: `${PAYER.organization.company}, ИНН ${PAYER.organization.inn}` });
  await page.getByLabel("Способ оплаты").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Подписаться" }).click();
  await expect(
    page.getByText("Подписка оформлена и ждёт подключения клиентским менеджером"),
  ).toBeVisible();

  // The establishment's page shows the subscription waiting for the manager.
  await expect(page.getByRole("heading", { name: "Кофейня «Зерно»" })).toBeVisible();
  await expect(page.getByText(tariff).first()).toBeVisible();
  await expect(page.getByText("Ожидает подключения").first()).toBeVisible();

  await logOut(page);

  // The client manager finds it among those waiting for approval, decides the item, activates it.
  await signInByEmail(page, manager.email);
  await page.goto("/subscription-base");
  await page.getByText("Ждут согласования", { exact: true }).click();
  await page
    .getByRole("link", { name: "Открыть подписку заведения Кофейня «Зерно»" })
    .first()
    .click();
  await expect(
    page.getByText("Активировать можно, когда все позиции согласованы или отклонены."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Согласовать «Голосовые объявления»" }).click();
  await expect(page.getByText("Позиция согласована")).toBeVisible();
  await page.getByRole("button", { name: "Активировать" }).click();
  await expect(page.getByText("Подписка активирована")).toBeVisible();
  await logOut(page);

  // The client sees the venue's subscription active.
  await signInByEmail(page, client.email);
  await expect(page.getByText("Активна").first()).toBeVisible();
});
