import { expect, type Page } from "@playwright/test";
import { freshAddress } from "./accounts.ts";
import { PersonActions } from "./actions.ts";
import { codesInServerLog, nextCodeFromServerLog } from "./codes.ts";

/**
 * Signs in as a person does: address, 'Получить код', the code (which signs in).
 * Each sign-in comes from an address of its own (X-Forwarded-For; the e2e
 * server trusts loopback as its proxy), as the people of the flows would:
 * together the flows would otherwise spend one address's budget of codes.
 * A flow that counts what its person does passes its `PersonActions`.
 */
export async function signInByEmail(
  page: Page,
  email: string,
  person = new PersonActions(),
): Promise<void> {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshAddress() });
  await page.goto("/auth");
  const seen = codesInServerLog(email).length;
  await person.fill(page.getByLabel("E-mail или номер телефона"), email);
  await person.click(page.getByRole("button", { name: "Получить код" }));
  const code = await nextCodeFromServerLog(email, seen);
  // The whole code signs in by itself: no 'Войти' to press.
  await person.fill(page.getByLabel("Код из сообщения"), code);
  await expect(page).not.toHaveURL(/\/auth$/);
}

/** Logs out through the side menu, as a person does. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Выйти" }).click();
  await expect(page).toHaveURL(/\/$/);
}
