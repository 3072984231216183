import { expect, type Page } from "@playwright/test";
import { codesInServerLog, nextCodeFromServerLog } from "./codes.ts";

/** Signs in as a person does: address, 'Получить код', the code, 'Войти'. */
export async function signInByEmail(page: Page, email: string): Promise<void> {
  await page.goto("/auth");
  const seen = codesInServerLog(email).length;
  await page.getByLabel("E-mail или номер телефона").fill(email);
  await page.getByRole("button", { name: "Получить код" }).click();
  const code = await nextCodeFromServerLog(email, seen);
  await page.getByLabel("Код из сообщения").fill(code);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth$/);
}

/** Logs out through the side menu, as a person does. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Выйти" }).click();
  await expect(page).toHaveURL(/\/$/);
}
