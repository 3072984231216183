import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { signInByEmail } from "./support/sign-in.ts";

test("the admin blocks a client, whose open session ends at once", async ({ browser }) => {
  const admin = await createAccount("role-admin", "blocking-admin");
  const client = await createAccount("role-client", "blocked-client");
  const clientContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const venue = await clientContext.newPage();
  const office = await adminContext.newPage();

  // The client works in the app (its player socket open).
  await signInByEmail(venue, client.email);
  await expect(venue).toHaveURL(/\/client-objects$/);

  // The admin finds the client, opens the edit page and blocks them.
  await signInByEmail(office, admin.email);
  await office.getByRole("searchbox", { name: "Поиск пользователей" }).fill(client.email);
  const row = office.getByRole("row").filter({ hasText: client.email });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: /^Изменить/ }).click();
  // The edit page keeps the list's search (for the way back) when the list had written it already.
  await expect(office).toHaveURL(new RegExp(`/edit-user/${client.userId}(\\?|$)`));
  await office.getByRole("button", { name: "Заблокировать" }).click();
  await office.getByRole("dialog").getByRole("button", { name: "Заблокировать" }).click();
  await expect(office.getByText(/заблокирован/i).first()).toBeVisible();

  // The client's open page is signed out without any click of theirs.
  await expect(venue).toHaveURL(/\/$/, { timeout: 15_000 });

  // The client page shows the blocked state, with no delete button.
  await office.goto(`/client/${client.userId}`);
  await expect(office.getByText("Заблокирован").first()).toBeVisible();
  await expect(office.getByRole("button", { name: /Удалить/ })).toHaveCount(0);

  await clientContext.close();
  await adminContext.close();
});
