import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { PAYER } from "./support/clients.ts";
import { logOut, signInByEmail } from "./support/sign-in.ts";

test("a newcomer completes the profile as a legal entity and waits; a client manager finds them by phone and activates them", async ({
  page,
}) => {
  const email = `newcomer-${Date.now()}@example.com`;
  // A mobile number nobody else in the run has: 916 and seven random digits.
  const phoneDigits = `916${String(randomInt(10_000_000)).padStart(7, "0")}`;
  const manager = await createAccount("role-client-manager", "lifecycle-manager");

  // The newcomer signs in for the first time and fills in the profile as a company.
  await signInByEmail(page, email);
  await expect(page).toHaveURL(/\/cabinet$/);
  await page.getByText("Юридическое лицо").click();
  await page.getByLabel("Фамилия, имя и отчество").fill("Соколова Мария");
  // The contacts, asked of no one, are folded under their summary.
  await page.getByText("Телефон и e-mail для связи — необязательно").click();
  await page.getByLabel("Контактный телефон").pressSequentially(phoneDigits);
  const { organization } = PAYER;
  await page.getByLabel("Название организации").fill(organization.company);
  // A wrong check digit is named before anything is sent.
  await page.getByLabel("ИНН").fill("7707083894");
  await page.getByLabel("КПП").fill(organization.kpp);
  await page.getByLabel("ОГРН").fill(organization.ogrn);
  await page.getByLabel("Юридический адрес").fill(organization.organizationAddress);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Сохранить и отправить на активацию" }).click();
  await expect(page.getByText(/ИНН/).and(page.locator(".field__message"))).toBeVisible();
  await page.getByLabel("ИНН").fill(organization.inn);
  await page.getByRole("button", { name: "Сохранить и отправить на активацию" }).click();
  await expect(page.getByRole("heading", { name: "Аккаунт ожидает активации" })).toBeVisible();
  await expect(page.getByText(organization.company).first()).toBeVisible();
  await logOut(page);

  // The client manager finds the newcomer in the client base by phone, spelled as people do.
  await signInByEmail(page, manager.email);
  await expect(page).toHaveURL(/\/client-base$/);
  await page
    .getByRole("searchbox", { name: "Поиск пользователей" })
    .fill(`8 (${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Соколова Мария");
  await expect(row).toContainText("Ждёт активации");
  await row.getByRole("button", { name: "Активировать Соколова Мария" }).click();
  await expect(page.getByText("Аккаунт активирован")).toBeVisible();
  await expect(row).toContainText("Клиент");
  await expect(row.getByRole("button", { name: /Активировать/ })).toHaveCount(0);
  await logOut(page);

  // Signed in again, the newcomer starts where clients start.
  await signInByEmail(page, email);
  await expect(page).toHaveURL(/\/client-objects$/);
});
