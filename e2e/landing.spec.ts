import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { signInByEmail } from "./support/sign-in.ts";

test("a visitor sends the lead form and the admin finds it on Integrations", async ({ page }) => {
  const company = `Кофейня «Зерно» ${Date.now()}`;
  const admin = await createAccount("role-admin", "landing-admin");
  await page.goto("/");
  await page.getByRole("button", { name: "Отправить заявку" }).click();
  await expect(page.getByText("Заявка отправлена")).toHaveCount(0);

  await page.getByLabel("Имя").fill("Анна Смирнова");
  await page.getByLabel("Телефон").pressSequentially("9161234567");
  await page.getByLabel("Компания").fill(company);
  await page.getByRole("button", { name: "Отправить заявку" }).click();
  await expect(page.getByText("Заявка отправлена")).toBeVisible();

  await signInByEmail(page, admin.email);
  await page.goto("/integrations");
  await expect(page.getByText(company)).toBeVisible();
});

test("the legal pages show their text full screen", async ({ page }) => {
  for (const [path, heading] of [
    ["/offer", /оферт/i],
    ["/ppd", /персональных данных/i],
    ["/policy", /конфиденциальност/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    await expect(page.getByRole("navigation", { name: "Меню" })).toHaveCount(0);
  }
});
