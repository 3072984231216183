import path from "node:path";
import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { signInByEmail } from "./support/sign-in.ts";

const fixtures = path.resolve("apps/server/src/test/fixtures/audio");

test("a content manager builds the library: a folder, three uploads, a move by drag, a playlist made with its version and two tracks, then deletes and restores it", async ({
  page,
}) => {
  const manager = await createAccount("role-content-manager", "library");
  await signInByEmail(page, manager.email);
  await expect(page).toHaveURL(/\/playlists/);
  const tree = page.getByRole("tree", { name: "Библиотека" });
  // An open tree item holds its children: click its own name, not its middle.
  const openInTree = (name: string) =>
    tree
      .getByRole("treeitem", { name, exact: true })
      .getByText(name, { exact: true })
      .first()
      .click();

  // A folder in the Tracks partition.
  await openInTree("Треки");
  await page.getByRole("button", { name: "Новая папка" }).click();
  const folderDialog = page.getByRole("dialog", { name: "Новая папка" });
  await folderDialog.getByLabel("Название папки").fill("Летний вечер");
  await folderDialog.getByRole("button", { name: "Создать" }).click();
  const table = page.getByRole("table");
  await expect(table.getByRole("row").filter({ hasText: "Летний вечер" })).toHaveCount(1);

  // Three real audio files at once: 'N из M', then the rows, without a reload.
  await page
    .getByLabel("Файлы треков", { exact: true })
    .setInputFiles([
      path.join(fixtures, "tone.mp3"),
      path.join(fixtures, "tone.ogg"),
      path.join(fixtures, "tone.flac"),
    ]);
  const uploads = page.getByRole("region", { name: "Загрузка треков" });
  await expect(uploads.getByText(/\d из 3/).first()).toBeVisible();
  await expect(uploads.getByText("3 из 3")).toBeVisible({ timeout: 30_000 });
  for (const title of ["Ёлочка", "Evening Walk", "Clear Water"]) {
    await expect(table.getByRole("row").filter({ hasText: title })).toHaveCount(1);
  }

  // One of them dragged onto the folder.
  const water = table.getByRole("row").filter({ hasText: "Clear Water" });
  await water.dragTo(table.getByRole("row").filter({ hasText: "Летний вечер" }));
  await expect(table.getByRole("row").filter({ hasText: "Clear Water" })).toHaveCount(0);
  await table
    .getByRole("row")
    .filter({ hasText: "Летний вечер" })
    .getByText("Летний вечер")
    .click();
  await expect(
    page.getByRole("table").getByRole("row").filter({ hasText: "Clear Water" }),
  ).toHaveCount(1);

  // A playlist, made with its first version (issue 28: no «Создать версию» step), two tracks from the library.
  await openInTree("Плейлисты");
  await page.getByRole("button", { name: "Создать", exact: true }).click();
  await page.getByRole("menuitem", { name: "Создать плейлист" }).click();
  await page.getByLabel("Название плейлиста").fill("Вечерний кофе");
  await page.getByRole("button", { name: "Создать плейлист" }).click();
  await expect(page.getByRole("list", { name: "Версии" }).getByText("Версия 1")).toBeVisible();
  await expect(page.getByText("Ни в одном тарифе")).toBeVisible();
  await page.getByRole("link", { name: "Добавить из библиотеки" }).click();
  await page.getByRole("checkbox", { name: "Выбрать «Ёлочка»" }).check();
  await page.getByRole("checkbox", { name: "Выбрать «Evening Walk»" }).check();
  await page.getByRole("button", { name: "Добавить в версию" }).click();
  await openInTree("Плейлисты");
  const playlistRow = page.getByRole("table").getByRole("row").filter({ hasText: "Вечерний кофе" });
  await expect(playlistRow).toHaveCount(1);
  await expect(playlistRow).toContainText("2");
  await expect(playlistRow).toContainText("Ни в одном тарифе");

  // Deleted to the trash, restored from it.
  await playlistRow.getByRole("button", { name: "Удалить «Вечерний кофе»" }).click();
  await expect(playlistRow).toHaveCount(0);
  await openInTree("Корзина");
  const trashRow = page.getByRole("table").getByRole("row").filter({ hasText: "Вечерний кофе" });
  await expect(trashRow).toHaveCount(1);
  await trashRow.getByRole("button", { name: "Восстановить «Вечерний кофе»" }).click();
  await expect(trashRow).toHaveCount(0);
  await openInTree("Плейлисты");
  await expect(
    page.getByRole("table").getByRole("row").filter({ hasText: "Вечерний кофе" }),
  ).toHaveCount(1);
});
