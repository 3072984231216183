import { expect, test } from "@playwright/test";
import { createAccount, freshAddress } from "./support/accounts.ts";
import { codesInServerLog, nextCodeFromServerLog } from "./support/codes.ts";
import { signInByEmail } from "./support/sign-in.ts";

const HERO = "Фоновая музыка для вашего заведения — легально и без хлопот";

test("a visitor sends the lead form and the admin finds it on Integrations", async ({ page }) => {
  const company = `Кофейня «Зерно» ${Date.now()}`;
  const admin = await createAccount("role-admin", "landing-admin");
  await page.goto("/");
  // The lead form's own fields: the hero's sign-in field names a phone too.
  const lead = page.getByRole("form", { name: "Заявка на подключение" });
  await lead.getByRole("button", { name: "Отправить заявку" }).click();
  await expect(page.getByText("Заявка отправлена")).toHaveCount(0);

  await lead.getByLabel("Имя").fill("Анна Смирнова");
  await lead.getByLabel("Телефон").pressSequentially("9161234567");
  await lead.getByLabel("Компания").fill(company);
  await lead.getByRole("button", { name: "Отправить заявку" }).click();
  await expect(page.getByText("Заявка отправлена")).toBeVisible();

  await signInByEmail(page, admin.email);
  await page.goto("/integrations");
  await expect(page.getByText(company)).toBeVisible();
});

test("the landing comes as HTML, which the app takes over without an error; a session still goes on to its start screen", async ({
  page,
  request,
}) => {
  // What the server sends: the landing's markup, not an empty shell.
  const html = await (await request.get("/")).text();
  expect(html).toMatch(
    /<div id="root">.*<h1 class="hero__title">Фоновая музыка для вашего заведения — легально и без хлопот<\/h1>/s,
  );
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/");
  await expect(page).toHaveTitle("Фоника — музыка для бизнеса");
  // The lead form's submit waits for the app, and works once it is there.
  const lead = page.getByRole("form", { name: "Заявка на подключение" });
  await lead.getByRole("button", { name: "Отправить заявку" }).click();
  await expect(lead.getByText("Введите ваше имя")).toBeVisible();
  expect(errors).toEqual([]);

  const admin = await createAccount("role-admin", "landing-html-admin");
  await signInByEmail(page, admin.email);
  await page.goto("/");
  await expect(page).toHaveURL(/\/client-base$/);
  await expect(page.getByRole("heading", { name: HERO })).toHaveCount(0);
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

test("a visitor connects a venue alone: «Подключить заведение», a new e-mail makes the account, then the venue", async ({
  page,
}) => {
  const email = `landing-venue-${Date.now()}@example.com`;
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshAddress() });
  await page.goto("/");
  const own = page.getByRole("region", { name: "Или подключитесь сами" });
  await expect(own).toContainText("при первом входе с новым адресом он создастся сам");
  await own.getByRole("link", { name: "Подключить заведение" }).click();
  // Where to go once signed in travels in the link: it holds even when followed before the app has run.
  await expect(page).toHaveURL(/\/auth\?next=%2Fadd-client-objects$/);
  // The sign-in page itself, not the landing still shown while its chunk loads (the hero has the same field).
  await expect(page.getByRole("heading", { name: "Вход в Фонику" })).toBeVisible();

  const seen = codesInServerLog(email).length;
  await page.getByLabel("E-mail или номер телефона").fill(email);
  await page.getByRole("button", { name: "Получить код" }).click();
  // The code was sent: its field is there (a refusal would say why instead).
  const codeField = page.getByLabel("Код из сообщения");
  await expect(codeField).toBeVisible();
  await codeField.fill(await nextCodeFromServerLog(email, seen));
  await expect(page).toHaveURL(/\/add-client-objects$/);

  await page.getByLabel("Название").fill("Кофейня «С лендинга»");
  await page.getByLabel("Адрес").fill("Москва, ул. Покровка, 3");
  await page.getByRole("button", { name: /^Добавить/ }).click();
  await expect(page.getByRole("heading", { name: "Кофейня «С лендинга»" })).toBeVisible();
});
