import { expect, test } from "@playwright/test";
import { E2E } from "./support/environment.ts";
import { logOut, signInByEmail } from "./support/sign-in.ts";

test("an admin signs in by e-mail code and lands on the client base", async ({ page }) => {
  await signInByEmail(page, E2E.adminEmail);
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
  await signInByEmail(page, E2E.adminEmail);
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
