import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { signInByEmail } from "./support/sign-in.ts";

test("the admin creates a tariff with features and items, and clients are offered it", async ({
  page,
}) => {
  const admin = await createAccount("role-admin", "tariff-admin");
  const name = `Про ${Date.now() % 100_000}`;

  await signInByEmail(page, admin.email);
  await page.goto("/all-tariff");
  await page.getByRole("link", { name: "Новый тариф" }).click();
  await expect(page).toHaveURL(/\/create-tariff$/);

  const form = page.getByRole("form", { name: "Тариф" });
  await form.getByText("Профи", { exact: true }).click();
  await form.getByLabel("Название").fill(name);
  await form.getByLabel("Цена в месяц, ₽").fill("2990");
  await form.getByLabel("Базовая цена, ₽").fill("3490");
  await form.getByLabel("Описание").fill("Для сетей магазинов");

  // A price above the base price is refused with the API's own words.
  await form.getByLabel("Цена в месяц, ₽").fill("3990");
  await form.getByRole("button", { name: "Создать тариф" }).click();
  await expect(form.getByText("Цена не может быть выше базовой цены")).toBeVisible();
  await form.getByLabel("Цена в месяц, ₽").fill("2990");

  await form.getByRole("button", { name: "Добавить функцию" }).click();
  await form.getByLabel("Функция 1").fill("Реклама в эфире");
  await form.getByText("Оплата каждый месяц").first().click();
  // A new feature comes with its first item's row; the second is added.
  const item = (number: string) =>
    form.getByLabel(`Позиция ${number}`).locator("xpath=ancestor::li[1]");
  await form.getByLabel("Позиция 1.1").fill("Голосовые объявления");
  await item("1.1").getByLabel("Цена, ₽", { exact: true }).fill("700");
  await item("1.1").getByText("Требует согласования").click();
  await form.getByRole("button", { name: "Добавить позицию" }).click();
  await form.getByLabel("Позиция 1.2").fill("Джинглы");
  await item("1.2").getByLabel("Цена, ₽", { exact: true }).fill("250");
  await form.getByRole("button", { name: "Создать тариф" }).click();
  await expect(page.getByText(`Тариф «${name}» создан`)).toBeVisible();

  // It is listed for the admin, and offered to clients with its items.
  await page.goto("/all-tariff");
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await page.goto("/subscribe");
  await page.getByRole("link", { name: `Подробнее о тарифе ${name}` }).click();
  // Its items with their prices (the page's tariff cards name other tariffs' items too).
  const items = page.getByRole("listitem");
  await expect(
    items.filter({ hasText: /^Голосовые объявления\s*700\s₽\s*требует согласования менеджером$/ }),
  ).toBeVisible();
  await expect(items.filter({ hasText: /^Джинглы\s*250\s₽$/ })).toBeVisible();
  // The admin subscribes a client they choose first, not themselves.
  await expect(page.getByText("Выберите клиента")).toBeVisible();
});
