import { expect, test } from "@playwright/test";
import { createSignedInAccount } from "./support/accounts.ts";
import { addEstablishment } from "./support/clients.ts";
import { signInByEmail } from "./support/sign-in.ts";

test("a client with an establishment adds a web player and finds it on the venue, in its players and on its page", async ({
  page,
}) => {
  const client = await createSignedInAccount("role-client", "player-owner");
  const venue = await addEstablishment(client, "Кофейня «Плеер»", "Москва, Тверская, 7");

  await signInByEmail(page, client.email);
  await page.goto(`/client-objects/${venue}`);
  const section = page.locator("section.card", {
    has: page.getByRole("heading", { name: "Плееры заведения" }),
  });
  await expect(section.getByText("Плееров пока нет")).toBeVisible();

  await section.getByRole("button", { name: "Добавить плеер" }).click();
  const dialog = page.getByRole("dialog", { name: "Новый плеер" });
  await expect(dialog.getByLabel("Адрес")).toHaveValue("Москва, Тверская, 7");
  await dialog.getByLabel("Название").fill("Зал у окна");
  await expect(dialog.getByLabel("Тип")).toHaveValue("web");
  await dialog.getByRole("button", { name: "Добавить" }).click();
  await expect(page.getByText("Плеер «Зал у окна» добавлен")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole("link", { name: "Зал у окна" })).toBeVisible();
  await expect(section.getByText("Веб-плеер")).toBeVisible();

  // The side menu's Players groups it under its venue.
  await page.getByRole("link", { name: "Плееры", exact: true }).click();
  await expect(page).toHaveURL(/\/players$/);
  const group = page.getByRole("region", { name: "Кофейня «Плеер»" });
  await expect(group.getByRole("link", { name: "Зал у окна" })).toBeVisible();

  // Its page names it and its venue; without a subscription no playlist is on it.
  await group.getByRole("link", { name: "Зал у окна" }).click();
  await expect(page).toHaveURL(/\/player\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Зал у окна", level: 1 })).toBeVisible();
  await expect(page.getByText("Веб-плеер · Кофейня «Плеер» · Москва, Тверская, 7")).toBeVisible();
  await expect(page.getByText("Плейлисты не добавлены")).toBeVisible();
});
