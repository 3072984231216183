import { type CatalogEntry, catalogApi } from "@fonika/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  buildAuthorAttachment,
  buildCatalogEntry,
  buildCatalogPage,
} from "../../../test/catalog-factories.ts";
import { renderLibrary } from "../../../test/library-app.tsx";
import { on, replyError } from "../../../test/scripted-server.ts";

/** The row of the table that names `name`. */
const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByText(name).closest("tr") as HTMLElement;

/** The entries whose name holds `text` in any letter case, as the server's search finds them. */
const matching = (entries: readonly CatalogEntry[], text: string | null) =>
  entries.filter((entry) => entry.name.toLowerCase().includes((text ?? "").toLowerCase()));

describe("the catalog screen", () => {
  it("lists authors with their track counts, 30 a page, searching by part of the name", async () => {
    const anna = buildCatalogEntry({ name: "Анна Лето", songCount: 3 });
    const boris = buildCatalogEntry({ name: "Борис Гром", songCount: 0 });
    const vera = buildCatalogEntry({ name: "Вера Летова", songCount: 12 });
    const asked: Record<string, string>[] = [];
    renderLibrary(
      "/catalog",
      on(catalogApi.listAuthors, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        const text = query.get("text");
        if (text) return reply(buildCatalogPage(matching([anna, vera], text)));
        if (query.get("offset") === "30") return reply(buildCatalogPage([vera], 31));
        return reply(buildCatalogPage([anna, boris], 31));
      }),
    );
    expect(await screen.findByRole("heading", { name: "Каталог" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Авторы" });
    await within(table).findByText("Анна Лето");
    expect(within(rowOf(table, "Анна Лето")).getByText("3")).toBeTruthy();
    expect(within(rowOf(table, "Борис Гром")).getByText("0")).toBeTruthy();
    expect(screen.getByText("Всего: 31")).toBeTruthy();
    expect(asked[0]).toEqual({ limit: "30", offset: "0" });

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Следующая страница" }));
    await within(table).findByText("Вера Летова");
    expect(asked.at(-1)).toEqual({ limit: "30", offset: "30" });

    await user.type(screen.getByRole("searchbox", { name: "Поиск авторов" }), "лет");
    await waitFor(() => expect(asked.at(-1)).toEqual({ limit: "30", offset: "0", text: "лет" }));
    await within(table).findByText("Анна Лето");
    expect(within(rowOf(table, "Вера Летова")).getByText("12")).toBeTruthy();
    expect(within(table).queryByText("Борис Гром")).toBeNull();

    await user.type(screen.getByRole("searchbox", { name: "Поиск авторов" }), "ний");
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Добавить «летний»" })).toBeTruthy();
  });

  it("says when a kind has nothing yet, and why a list failed", async () => {
    renderLibrary(
      "/catalog/genres",
      on(catalogApi.listGenres, ({ reply }) => reply(buildCatalogPage([]))),
      on(catalogApi.listCopyrightHolders, () =>
        replyError(403, {
          type: "forbidden",
          reason: "Недостаточно прав для этого действия",
          message: "Role changed meanwhile",
        }),
      ),
    );
    expect(await screen.findByText("Жанров пока нет")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(
      screen.getAllByRole("button", { name: "Добавить жанр" }).at(-1) as HTMLElement,
    );
    expect(await screen.findByRole("dialog", { name: "Новый жанр" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Отмена" }));

    await user.click(screen.getByRole("link", { name: "Правообладатели" }));
    expect(await screen.findByText("Не удалось загрузить список")).toBeTruthy();
    expect(screen.getByText("Недостаточно прав для этого действия")).toBeTruthy();
  });

  it("adds an author, showing why a name taken in another letter case is refused", async () => {
    const entries = [buildCatalogEntry({ name: "Анна Лето", songCount: 3 })];
    const added: string[] = [];
    renderLibrary(
      "/catalog/authors",
      on(catalogApi.listAuthors, ({ reply }) => reply(buildCatalogPage([...entries]))),
      on(catalogApi.addAuthor, ({ body, reply }) => {
        added.push(body.name);
        if (entries.some((entry) => entry.name.toLowerCase() === body.name.toLowerCase())) {
          // As the server refuses a taken name (catalog.errors.ts).
          return replyError(400, {
            type: "duplicate-entry-error",
            reason: "Автор с таким именем уже существует",
            message: "A author of this name (in any letter case) exists",
          });
        }
        const entry = buildCatalogEntry({ name: body.name });
        entries.push(entry);
        return reply(entry);
      }),
    );
    const table = await screen.findByRole("table", { name: "Авторы" });
    await within(table).findByText("Анна Лето");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Добавить автора" }));
    const dialog = await screen.findByRole("dialog", { name: "Новый автор" });
    await user.click(within(dialog).getByRole("button", { name: "Добавить" }));
    expect(await within(dialog).findByText("Введите имя автора")).toBeTruthy();
    expect(added).toEqual([]);

    const name = within(dialog).getByLabelText("Имя автора");
    await user.type(name, "анна лето");
    await user.click(within(dialog).getByRole("button", { name: "Добавить" }));
    expect(await within(dialog).findByText("Автор с таким именем уже существует")).toBeTruthy();
    expect(added).toEqual(["анна лето"]);

    await user.clear(name);
    await user.type(name, "  Борис   Гром ");
    await user.click(within(dialog).getByRole("button", { name: "Добавить" }));
    expect(await screen.findByText("Автор «Борис Гром» добавлен")).toBeTruthy();
    expect(added).toEqual(["анна лето", "Борис Гром"]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await within(table).findByText("Борис Гром")).toBeTruthy();
  });

  it("renames a genre", async () => {
    let jazz = buildCatalogEntry({ name: "Джаз", songCount: 5 });
    const changes: { id: string; name: string }[] = [];
    renderLibrary(
      "/catalog/genres",
      on(catalogApi.listGenres, ({ reply }) => reply(buildCatalogPage([jazz]))),
      on(catalogApi.changeGenre, ({ params, body, reply }) => {
        changes.push({ id: params.id, name: body.name });
        jazz = { ...jazz, name: body.name };
        return reply(jazz);
      }),
    );
    const table = await screen.findByRole("table", { name: "Жанры" });
    const user = userEvent.setup();
    await user.click(await within(table).findByRole("button", { name: "Переименовать «Джаз»" }));
    const dialog = await screen.findByRole("dialog", { name: "Переименовать жанр" });
    const name = within(dialog).getByLabelText("Название жанра");
    expect((name as HTMLInputElement).value).toBe("Джаз");
    await user.clear(name);
    await user.type(name, "Джаз-фьюжн");
    await user.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByText("Жанр переименован: «Джаз-фьюжн»")).toBeTruthy();
    expect(changes).toEqual([{ id: jazz.id, name: "Джаз-фьюжн" }]);
    expect(await within(table).findByText("Джаз-фьюжн")).toBeTruthy();
    expect(within(rowOf(table, "Джаз-фьюжн")).getByText("5")).toBeTruthy();
  });

  it("says how many tracks point at an author and that its documents go, before removing it", async () => {
    const anna = buildCatalogEntry({ name: "Анна Лето", songCount: 3 });
    let entries = [anna];
    const removed: string[] = [];
    renderLibrary(
      "/catalog",
      on(catalogApi.listAuthors, ({ reply }) => reply(buildCatalogPage(entries))),
      // Read again as the question opens: a track got this author meanwhile.
      on(catalogApi.getAuthor, ({ reply }) => reply({ ...anna, songCount: 4 })),
      on(catalogApi.listAuthorAttachments, ({ reply }) =>
        reply([buildAuthorAttachment(), buildAuthorAttachment({ fileName: "Скан.png" })]),
      ),
      on(catalogApi.removeAuthor, ({ params, reply }) => {
        removed.push(params.id);
        entries = entries.filter((entry) => entry.id !== params.id);
        return reply({ ok: true });
      }),
    );
    const table = await screen.findByRole("table", { name: "Авторы" });
    const user = userEvent.setup();
    await user.click(await within(table).findByRole("button", { name: "Удалить «Анна Лето»" }));
    let dialog = await screen.findByRole("dialog", { name: "Удалить автора?" });
    expect(
      await within(dialog).findByText(
        "Автор «Анна Лето» указан у 4 треков. После удаления треки останутся без этого автора.",
      ),
    ).toBeTruthy();
    expect(
      await within(dialog).findByText(
        "Вместе с автором будут удалены прикреплённые к нему документы: 2 документа.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Отмена" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(removed).toEqual([]);
    expect(within(table).getByText("Анна Лето")).toBeTruthy();

    await user.click(within(table).getByRole("button", { name: "Удалить «Анна Лето»" }));
    dialog = await screen.findByRole("dialog", { name: "Удалить автора?" });
    await user.click(within(dialog).getByRole("button", { name: "Удалить" }));
    expect(await screen.findByText("Автор «Анна Лето» удалён")).toBeTruthy();
    expect(removed).toEqual([anna.id]);
    expect(await screen.findByText("Авторов пока нет")).toBeTruthy();
  });

  it("shows why a removal failed and keeps the question open", async () => {
    const label = buildCatalogEntry({ name: "Северный звук", songCount: 1 });
    const removed: string[] = [];
    renderLibrary(
      "/catalog/copyright-holders",
      on(catalogApi.listCopyrightHolders, ({ reply }) => reply(buildCatalogPage([label]))),
      on(catalogApi.getCopyrightHolder, ({ reply }) => reply(label)),
      on(catalogApi.removeCopyrightHolder, ({ params }) => {
        removed.push(params.id);
        return replyError(404, {
          type: "not-found",
          reason: "Правообладатель не найден",
          message: "No such copyright-holder",
        });
      }),
    );
    const table = await screen.findByRole("table", { name: "Правообладатели" });
    const user = userEvent.setup();
    await user.click(await within(table).findByRole("button", { name: "Удалить «Северный звук»" }));
    const dialog = await screen.findByRole("dialog", { name: "Удалить правообладателя?" });
    expect(
      within(dialog).getByText(
        "Правообладатель «Северный звук» указан у 1 трека. " +
          "После удаления трек останется без правообладателя.",
      ),
    ).toBeTruthy();
    // A holder takes its licences with it; no author's documents are spoken of.
    expect(
      within(dialog).getByText("Лицензии правообладателя и их документы тоже будут удалены."),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/прикреплённые к нему|Документов у автора/)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Удалить" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Правообладатель не найден",
    );
    expect(removed).toEqual([label.id]);
    expect(screen.getByRole("dialog", { name: "Удалить правообладателя?" })).toBeTruthy();
  });

  it("switches kinds by its tabs, each with its own list and search", async () => {
    const asked: string[] = [];
    const app = renderLibrary(
      "/catalog?query=лет",
      on(catalogApi.listAuthors, ({ query, reply }) => {
        asked.push(`authors ${query.get("text") ?? ""}`);
        return reply(buildCatalogPage([buildCatalogEntry({ name: "Анна Лето" })]));
      }),
      on(catalogApi.listGenres, ({ query, reply }) => {
        asked.push(`genres ${query.get("text") ?? ""}`);
        return reply(buildCatalogPage([buildCatalogEntry({ name: "Босса-нова", songCount: 2 })]));
      }),
    );
    const tabs = await screen.findByRole("navigation", { name: "Разделы каталога" });
    expect(within(tabs).getByRole("link", { name: "Авторы" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(await screen.findByText("Анна Лето")).toBeTruthy();
    expect(
      (screen.getByRole("searchbox", { name: "Поиск авторов" }) as HTMLInputElement).value,
    ).toBe("лет");

    const user = userEvent.setup();
    await user.click(within(tabs).getByRole("link", { name: "Жанры" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/catalog/genres"));
    const table = await screen.findByRole("table", { name: "Жанры" });
    expect(await within(table).findByText("Босса-нова")).toBeTruthy();
    expect(within(table).queryByText("Анна Лето")).toBeNull();
    expect(
      (screen.getByRole("searchbox", { name: "Поиск жанров" }) as HTMLInputElement).value,
    ).toBe("");
    expect(within(tabs).getByRole("link", { name: "Жанры" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(screen.getByRole("button", { name: "Добавить жанр" })).toBeTruthy();
    expect(asked).toEqual(["authors лет", "genres "]);

    await act(() => app.router.navigate("/catalog/songs"));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/catalog"));
    expect(await screen.findByRole("table", { name: "Авторы" })).toBeTruthy();
  });
});
