import { expect, test } from "@playwright/test";
import { createSignedInAccount } from "./support/accounts.ts";
import { addEstablishment } from "./support/clients.ts";
import { signInByEmail } from "./support/sign-in.ts";

test("a client signs a player in with a code from a second device, sees it in the profile and ends it", async ({
  browser,
}) => {
  const owner = await createSignedInAccount("role-client", "device-owner");
  await addEstablishment(owner, "Кофейня на Тверской");
  const deviceContext = await browser.newContext();
  const ownerContext = await browser.newContext();
  const device = await deviceContext.newPage();
  const phone = await ownerContext.newPage();

  // The player's browser asks for a code to show.
  await device.goto("/auth");
  await device.getByRole("button", { name: "Войти с помощью кода на другом устройстве" }).click();
  const shown = device.getByLabel("Код для входа");
  await expect(shown).toHaveText(/^\d{6}$/);
  const code = (await shown.textContent())?.trim() ?? "";

  // The owner, signed in elsewhere, looks the code up before approving it.
  await signInByEmail(phone, owner.email);
  await phone.goto("/cabinet");
  await phone.getByLabel("Код с экрана устройства").fill(code);
  await phone.getByRole("button", { name: "Проверить код" }).click();
  await expect(phone.getByText("Проверьте, что это ваше устройство:")).toBeVisible();
  await expect(phone.getByText("Создан")).toBeVisible();
  await expect(phone.getByText(/Chrome/)).toBeVisible();
  // The owner's only establishment is the one the player will play in.
  await expect(phone.getByLabel("Заведение")).toHaveValue(/.+/);
  await expect(phone.getByLabel("Заведение")).toContainText("Кофейня на Тверской");
  await phone.getByRole("button", { name: "Подтвердить вход устройства" }).click();
  await expect(phone.getByText("Плеер подключён")).toBeVisible();

  // Within a poll (4 s) the device is in, as a player: the player screens only.
  await expect(device).toHaveURL(/\/players$/, { timeout: 15_000 });
  await expect(device.getByRole("banner").getByText("Плеер заведения")).toBeVisible();
  await device.goto("/profile");
  await expect(device).toHaveURL(/\/players$/);

  // The owner sees the player among the signed-in devices and ends it.
  await phone.goto("/profile");
  const table = phone.getByRole("table", { name: "Устройства и браузеры, где выполнен вход" });
  const playerRow = table.getByRole("row").filter({ hasText: "Плеер заведения" });
  await expect(playerRow).toHaveCount(1);
  await playerRow.getByRole("button", { name: /^Завершить/ }).click();
  await expect(phone.getByText("Плеер отключён от аккаунта")).toBeVisible();
  await expect(playerRow).toHaveCount(0);

  // The device's session is over: its next refresh or reload signs it out.
  await device.reload();
  await expect(device).toHaveURL(/\/$/, { timeout: 15_000 });

  await deviceContext.close();
  await ownerContext.close();
});
