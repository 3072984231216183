import { expect, type Page, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { signInByEmail } from "./support/sign-in.ts";

/** The side menu's entry, whose name carries its unread badge when there is one. */
const menuEntry = (page: Page, name: string) =>
  page
    .getByRole("navigation", { name: "Разделы" })
    .getByRole("link", { name: new RegExp(`^${name}`) });

test("a client writes to support with a screenshot, support answers, and the two chat in real time", async ({
  browser,
}) => {
  const client = await createAccount("role-client", "support-client");
  const agent = await createAccount("role-support", "support-agent");
  const venueContext = await browser.newContext();
  const deskContext = await browser.newContext();
  const venue = await venueContext.newPage();
  const desk = await deskContext.newPage();

  // The client creates an enquiry and attaches a screenshot of what they see.
  await signInByEmail(venue, client.email);
  await menuEntry(venue, "Обращения").click();
  await venue.getByRole("link", { name: "Новое обращение" }).first().click();
  await expect(venue).toHaveURL(/\/support\/create-enquiry$/);
  await venue.getByLabel("Тема").selectOption({ label: "Плеер не играет" });
  const problem = "С утра в зале тишина, плеер <b>молчит</b>";
  await venue.getByLabel("Описание").fill(problem);
  const screenshot = await venue.screenshot();
  await venue
    .getByLabel("Вложения")
    .first()
    .setInputFiles({ name: "экран.png", mimeType: "image/png", buffer: screenshot });
  await expect(venue.getByRole("button", { name: "Убрать экран.png" })).toBeVisible();
  await venue.getByRole("button", { name: "Отправить обращение" }).click();
  await expect(venue.getByText(/Обращение №\d+ отправлено/)).toBeVisible();
  await expect(venue).toHaveURL(/\/support\/enquiries\/[0-9a-f-]{36}$/);
  const enquiryUrl = venue.url();
  // Typed markup stays text.
  await expect(venue.getByRole("list", { name: "Переписка" }).getByText(problem)).toBeVisible();
  await menuEntry(venue, "Мои заведения").click();

  // Support sees it among the open enquiries, opens it with the screenshot, and answers.
  await signInByEmail(desk, agent.email);
  await expect(desk).toHaveURL(/\/support\/enquiries/);
  await desk.getByText("С утра в зале тишина").first().click();
  await expect(desk).toHaveURL(new RegExp(`${new URL(enquiryUrl).pathname}$`));
  await expect(desk.getByRole("link", { name: /экран\.png/ })).toBeVisible();
  await desk
    .getByLabel("Ваш ответ")
    .fill("Перезагрузите плеер кнопкой питания, мы смотрим с нашей стороны");
  await desk.getByRole("button", { name: "Ответить" }).click();
  await expect(desk.getByText("Перезагрузите плеер кнопкой питания")).toBeVisible();

  // The client, elsewhere in the app, is told at once and sees the unread counter.
  await expect(venue.getByText(/Новый ответ в обращении №\d+/)).toBeVisible({ timeout: 10_000 });
  await expect(menuEntry(venue, "Обращения")).toContainText("1");
  await menuEntry(venue, "Обращения").click();
  await venue.getByText("С утра в зале тишина").first().click();
  await expect(venue.getByText("Перезагрузите плеер кнопкой питания")).toBeVisible();
  await expect(menuEntry(venue, "Обращения")).not.toContainText("1");

  // They chat: the client writes, support sees it live and answers, the client sees the answer live.
  await menuEntry(venue, "Чат").click();
  await menuEntry(desk, "Чат").click();
  await venue.getByLabel("Сообщение").fill("Перезагрузили, всё равно тихо");
  await venue.getByRole("button", { name: "Отправить" }).click();
  await expect(venue.getByText("доставлено")).toBeVisible();
  const conversation = desk.getByText("Перезагрузили, всё равно тихо").first();
  await expect(conversation).toBeVisible({ timeout: 10_000 });
  await conversation.click();
  await desk.getByLabel("Сообщение").pressSequentially("Смотрю ");
  await expect(venue.getByText("Поддержка печатает…")).toBeVisible();
  await desk.getByLabel("Сообщение").fill("Видим, что плеер не в сети: проверьте интернет в зале");
  await desk.getByRole("button", { name: "Отправить" }).click();
  await expect(venue.getByText("Видим, что плеер не в сети")).toBeVisible({ timeout: 10_000 });
  // The client has the answer on screen: support sees its message read.
  await expect(desk.getByText("прочитано")).toBeVisible({ timeout: 10_000 });

  await venueContext.close();
  await deskContext.close();
});
