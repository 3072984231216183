import { type PlayerUpdate, playerUpdatesApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { nextPlayerId } from "../../../test/players-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";

/** A player update as the shared schema shapes it. */
function buildPlayerUpdate(overrides: Partial<PlayerUpdate> = {}): PlayerUpdate {
  return {
    updateId: nextPlayerId(),
    name: "Прошивка зала",
    version: "1.0.0",
    fileName: "fonika-box-1.0.0.bin",
    size: 3 * 1024 * 1024,
    sha256: "a".repeat(64),
    createdAt: "2024-05-08T10:00:00.000Z",
    ...overrides,
  };
}

const page = (data: PlayerUpdate[], total = data.length) => ({
  data,
  total,
  totalPages: Math.ceil(total / 30),
});

describe("the player updates screen", () => {
  it("lists updates with version, date and size, 30 a page, searching as one types", async () => {
    const spring = buildPlayerUpdate({ name: "Весенняя", version: "1.2.0" });
    const winter = buildPlayerUpdate({ name: "Зимняя", version: "1.1.0", size: 1_572_864 });
    const asked: Record<string, string>[] = [];
    renderSignedIn(
      "role-admin",
      "/players-base/update",
      on(playerUpdatesApi.listPlayerUpdates, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        if (query.get("query") === "1.1") return reply(page([winter]));
        if (query.get("query")) return reply(page([]));
        if (query.get("offset") === "30") return reply(page([winter], 31));
        return reply(page([spring, winter], 31));
      }),
    );
    const table = await screen.findByRole("table", { name: "Обновления плееров" });
    expect(await within(table).findByText("Весенняя")).toBeTruthy();
    expect(within(table).getByText("1.2.0")).toBeTruthy();
    expect(within(table).getByText("1,50 МБ")).toBeTruthy();
    expect(within(table).getAllByText("fonika-box-1.0.0.bin")).toHaveLength(2);
    const download = within(table).getByRole("link", { name: "Скачать «Весенняя»" });
    expect(download.getAttribute("href")).toMatch(
      new RegExp(`/api/v1/music/player/update/${spring.updateId}/file\\?access_token=.+`),
    );
    expect(asked[0]).toEqual({ limit: "30", offset: "0" });

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Следующая страница" }));
    await waitFor(() => expect(within(table).queryByText("Весенняя")).toBeNull());
    expect(asked.at(-1)).toEqual({ limit: "30", offset: "30" });

    await user.type(screen.getByRole("searchbox", { name: "Поиск обновлений" }), "1.1");
    await waitFor(() => expect(asked.at(-1)).toEqual({ limit: "30", offset: "0", query: "1.1" }));
    expect(await within(table).findByText("Зимняя")).toBeTruthy();

    await user.type(screen.getByRole("searchbox", { name: "Поиск обновлений" }), "9");
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
  });

  it("says what to do when there are no updates, and why the list failed", async () => {
    let fail = false;
    renderSignedIn(
      "role-admin",
      "/players-base/update",
      on(playerUpdatesApi.listPlayerUpdates, ({ query, reply }) =>
        fail || query.get("query")
          ? replyError(400, {
              type: "validation-error",
              reason: "Некорректный запрос",
              message: "query",
            })
          : reply(page([])),
      ),
    );
    expect(await screen.findByText("Обновлений пока нет")).toBeTruthy();
    fail = true;
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Поиск обновлений" }), "x");
    expect(await screen.findByText("Не удалось загрузить обновления")).toBeTruthy();
    expect(screen.getByText("Некорректный запрос")).toBeTruthy();
  });

  it("uploads a firmware file with progress, its name and version from the file name", async () => {
    const uploads: Array<{ name: string; query: Record<string, string> }> = [];
    let listed: PlayerUpdate[] = [];
    let release: () => void = () => {};
    renderSignedIn(
      "role-admin",
      "/players-base/update",
      on(playerUpdatesApi.listPlayerUpdates, ({ reply }) => reply(page(listed))),
      on(playerUpdatesApi.uploadPlayerUpdate, async ({ file, query, reply }) => {
        uploads.push({ name: file?.name ?? "", query: Object.fromEntries(query) });
        if (query.get("version") === "1.4.1") {
          return replyError(409, {
            type: "conflict",
            reason: "Обновление версии 1.4.1 уже загружено",
            message: "taken",
          });
        }
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        const made = buildPlayerUpdate({
          name: query.get("name") ?? "",
          version: query.get("version") ?? "",
          fileName: file?.name ?? "",
        });
        listed = [made];
        return reply(made);
      }),
    );
    expect(await screen.findByText("Обновлений пока нет")).toBeTruthy();
    const user = userEvent.setup();
    const input = screen.getByLabelText("Выбрать файл прошивки");

    await user.upload(input, new File([], "empty-1.0.0.bin"));
    expect((await screen.findByRole("alert")).textContent).toBe("empty-1.0.0.bin: Файл пустой");
    expect(screen.queryByLabelText("Название")).toBeNull();

    await user.upload(input, new File(["firmware"], "fonika-box-1.4.1.bin"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect((screen.getByLabelText("Название") as HTMLInputElement).value).toBe("fonika-box-1.4.1");
    expect((screen.getByLabelText("Версия") as HTMLInputElement).value).toBe("1.4.1");
    await user.click(screen.getByRole("button", { name: "Загрузить" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Обновление версии 1.4.1 уже загружено",
    );

    const version = screen.getByLabelText("Версия");
    await user.clear(version);
    await user.type(version, "1.4");
    await user.click(screen.getByRole("button", { name: "Загрузить" }));
    expect(await screen.findByText("Версия — в виде 1.4.2 или 1.4.2-beta.1")).toBeTruthy();
    expect(uploads).toHaveLength(1);

    await user.type(version, ".2");
    const name = screen.getByLabelText("Название");
    await user.clear(name);
    await user.type(name, "Летняя прошивка");
    await user.click(screen.getByRole("button", { name: "Загрузить" }));
    expect(
      await screen.findByRole("progressbar", { name: "Загрузка fonika-box-1.4.1.bin" }),
    ).toBeTruthy();
    release();
    expect(await screen.findByText("Обновление «Летняя прошивка» 1.4.2 загружено")).toBeTruthy();
    expect(uploads.at(-1)).toEqual({
      name: "fonika-box-1.4.1.bin",
      query: { name: "Летняя прошивка", version: "1.4.2" },
    });
    const table = screen.getByRole("table", { name: "Обновления плееров" });
    expect(await within(table).findByText("Летняя прошивка")).toBeTruthy();
    expect(screen.queryByLabelText("Название")).toBeNull();
  });

  it("changes an update's name and version in a dialog, showing the server's refusal", async () => {
    let update = buildPlayerUpdate({ name: "Осенняя", version: "2.0.0" });
    const sent: unknown[] = [];
    renderSignedIn(
      "role-admin",
      "/players-base/update",
      on(playerUpdatesApi.listPlayerUpdates, ({ reply }) => reply(page([update]))),
      on(playerUpdatesApi.changePlayerUpdateMeta, ({ params, body, reply }) => {
        sent.push(body);
        expect(params.updateId).toBe(update.updateId);
        if (body.version === "2.1.0") {
          return replyError(409, {
            type: "conflict",
            reason: "Обновление версии 2.1.0 уже загружено",
            message: "taken",
          });
        }
        update = { ...update, name: body.name, version: body.version };
        return reply(update);
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Изменить «Осенняя»" }));
    const dialog = await screen.findByRole("dialog", { name: "Изменить обновление" });
    const name = within(dialog).getByLabelText("Название");
    const version = within(dialog).getByLabelText("Версия");

    await user.clear(name);
    await user.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    expect(await within(dialog).findByText("Название — от 1 до 200 символов")).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(name, "Осенняя, исправленная");
    await user.clear(version);
    await user.type(version, "2.1.0");
    await user.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Обновление версии 2.1.0 уже загружено",
    );

    await user.clear(version);
    await user.type(version, "2.0.1");
    await user.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    expect(
      await screen.findByText("Обновление «Осенняя, исправленная» 2.0.1 сохранено"),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.at(-1)).toEqual({ name: "Осенняя, исправленная", version: "2.0.1" });
    expect(await screen.findByText("2.0.1")).toBeTruthy();
  });
});
