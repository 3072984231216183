import { establishmentsApi } from "@fonika/shared";
import { expect, test } from "@playwright/test";
import { callApi, createSignedInAccount } from "./support/accounts.ts";
import { signInByEmail } from "./support/sign-in.ts";

/**
 * Issue 28, the venue's address sets its time zone: an owner in a Moscow
 * browser adds a venue in Yekaterinburg on a 375 px phone, types only its
 * address, sees the zone the address gave, and the venue is saved in
 * Asia/Yekaterinburg, not in the browser's Moscow.
 */

test.use({ viewport: { width: 375, height: 740 } });

test("a venue typed in Yekaterinburg is saved in Yekaterinburg's time zone", async ({ page }) => {
  const owner = await createSignedInAccount("role-client", "venue-time-zone");
  await signInByEmail(page, owner.email);
  await expect(page).toHaveURL(/\/client-objects$/);

  await page.getByRole("link", { name: "Добавить заведение" }).first().click();
  const zone = page.getByRole("combobox", { name: "Часовой пояс" });
  // The browser is in Moscow: a new venue starts there.
  await expect(zone).toHaveValue("Москва (UTC+3)");
  await page.getByLabel("Название").fill("Кофейня на Малышева");
  await page.getByLabel("Адрес").pressSequentially("Екатеринбург, ул. Малышева, 5");
  await expect(
    page.getByText("Часовой пояс: Екатеринбург (UTC+5) — по адресу", { exact: true }),
  ).toBeVisible();
  await expect(zone).toHaveValue("Екатеринбург (UTC+5)");
  // The line fits the phone.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await page.getByRole("button", { name: "Добавить заведение" }).click();
  await expect(page.getByRole("heading", { name: "Кофейня на Малышева" })).toBeVisible();
  await expect(page.getByText(/Екатеринбург \(UTC\+5\)/).first()).toBeVisible();
  const id = /\/client-objects\/([^/?]+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`no venue id in ${page.url()}`);
  const saved = await callApi(establishmentsApi.getEstablishment, {
    params: { userId: owner.userId, id },
    token: owner.token,
  });
  expect(saved).toMatchObject({
    address: "Екатеринбург, ул. Малышева, 5",
    timeZone: "Asia/Yekaterinburg",
  });
});
