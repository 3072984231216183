import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { signInByEmail } from "./support/sign-in.ts";

test.use({ viewport: { width: 800, height: 900 } });

test("below 1024 px the side menu opens from the burger", async ({ page }) => {
  const admin = await createAccount("role-admin", "layout-admin");
  await signInByEmail(page, admin.email);
  await expect(page).toHaveURL(/\/client-base$/);
  const players = page.getByRole("link", { name: "Плееры" });
  await expect(players).toBeHidden();
  await page.getByRole("button", { name: "Меню" }).click();
  await expect(players).toBeVisible();
  await players.click();
  await expect(page).toHaveURL(/\/players-base$/);
  await expect(players).toBeHidden();
});
