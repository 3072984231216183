import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { codesInServerLog, nextCodeFromServerLog } from "./support/codes.ts";
import { E2E } from "./support/environment.ts";
import { logOut, signInByEmail } from "./support/sign-in.ts";

test("an admin signs in by e-mail code and lands on the client base", async ({ page }) => {
  const admin = await createAccount("role-admin", "sign-in-admin");
  await signInByEmail(page, admin.email);
  await expect(page).toHaveURL(/\/client-base$/);
  await expect(page.getByRole("banner").getByText("Администратор")).toBeVisible();
  await expect(
    page.getByRole("navigation").getByRole("link", { name: "Пользователи" }),
  ).toBeVisible();
});

test("a new user lands on the cabinet to complete the profile", async ({ page }) => {
  const email = `newcomer-${Date.now()}@example.com`;
  await signInByEmail(page, email);
  await expect(page).toHaveURL(/\/cabinet$/);
});

test("logout clears the session: a guarded page then ends on Home", async ({ page }) => {
  const admin = await createAccount("role-admin", "logout-admin");
  await signInByEmail(page, admin.email);
  await expect(page).toHaveURL(/\/client-base$/);
  await logOut(page);
  await page.goto("/client-base");
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  await page.reload();
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
});

test("an anonymous visit to a guarded route ends on Home", async ({ page }) => {
  await page.goto("/integrations");
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  await expect(page.getByRole("button", { name: "Отправить заявку" })).toBeVisible();
});

test("a newcomer signs in by phone: the field turns into a masked phone number", async ({
  page,
}) => {
  const digits = `916${String(Date.now()).slice(-7)}`;
  const address = `+7${digits}`;
  await page.goto("/auth");
  const seen = codesInServerLog(address).length;
  // The prerendered page's field takes keys once the app has taken it over, as a person sees it.
  const field = page.getByLabel("E-mail или номер телефона");
  await expect(field).toBeEditable();
  await field.pressSequentially(digits);
  const phone = page.getByLabel("Номер телефона");
  await expect(phone).toHaveValue(
    `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
  );
  await page.getByRole("button", { name: "Получить код" }).click();
  const code = await nextCodeFromServerLog(address, seen);
  // The whole code signs in by itself.
  await page.getByLabel("Код из сообщения").fill(code);
  await expect(page).toHaveURL(/\/cabinet$/);
});
