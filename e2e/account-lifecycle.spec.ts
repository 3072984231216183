import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { logOut, signInByEmail } from "./support/sign-in.ts";

test("a newcomer completes the profile, the admin activates it, the newcomer becomes a client", async ({
  page,
}) => {
  const email = `newcomer-${Date.now()}@example.com`;
  const admin = await createAccount("role-admin", "lifecycle-admin");

  // The newcomer signs in for the first time and fills in the profile.
  await signInByEmail(page, email);
  await expect(page).toHaveURL(/\/cabinet$/);
  await page.getByLabel("Фамилия").fill("Соколова");
  await page.getByLabel("Имя", { exact: true }).fill("Мария");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Сохранить и отправить на активацию" }).click();
  await expect(page.getByRole("heading", { name: "Аккаунт ожидает активации" })).toBeVisible();
  await logOut(page);

  // The admin finds the newcomer in the client base by e-mail and activates the account.
  await signInByEmail(page, admin.email);
  await expect(page).toHaveURL(/\/client-base$/);
  await page.getByRole("searchbox", { name: "Поиск пользователей" }).fill(email);
  await expect(page).toHaveURL(/\/client-base\?query=newcomer-/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Соколова Мария");
  await expect(row).toContainText("Ожидает активации");
  await row.getByRole("button", { name: "Активировать Соколова Мария" }).click();
  await expect(page.getByText("Change role complete")).toBeVisible();
  await expect(row).toContainText("Клиент");
  await expect(row.getByRole("button", { name: /Активировать/ })).toHaveCount(0);
  await logOut(page);

  // Signed in again, the newcomer starts where clients start.
  await signInByEmail(page, email);
  await expect(page).toHaveURL(/\/client-objects$/);
});
