import { catalogApi, songsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderLibrary } from "../../../test/library-app.tsx";
import { buildSong, nextId } from "../../../test/library-factories.ts";
import { emulateMediaElement } from "../../../test/media-element.ts";
import { on } from "../../../test/scripted-server.ts";
import { songRatingsServer } from "../../../test/song-ratings-server.ts";

afterEach(() => vi.restoreAllMocks());

describe("the track editor", () => {
  it("checks the meta as the contract does and saves it", async () => {
    const genre = { id: nextId(), name: "Джаз", songCount: 3 };
    const song = buildSong({ title: "Летний вечер", artists: ["Квартет Ветер"], year: 2021 });
    const changes: unknown[] = [];
    renderLibrary(
      `/tracks/edit/${song.id}`,
      on(songsApi.getSongMeta, ({ reply }) => reply(song)),
      on(catalogApi.listGenres, ({ reply }) => reply({ data: [genre], total: 1, totalPages: 1 })),
      on(songsApi.changeSongMeta, ({ params, body, reply }) => {
        changes.push({ id: params.id, ...body });
        return reply({ ...song, title: body.title ?? song.title });
      }),
    );
    const isrc = await screen.findByLabelText("ISRC");
    await userEvent.type(isrc, "RU-12");
    const year = screen.getByLabelText("Год");
    await userEvent.clear(year);
    await userEvent.type(year, "999");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByText(/ISRC пишется как CC-XXX-YY-NNNNN/)).toBeTruthy();
    expect(screen.getByText("Год — число от 1000 до 2100")).toBeTruthy();
    expect(changes).toEqual([]);

    await userEvent.clear(isrc);
    await userEvent.type(isrc, "ru-a12-24-00001");
    await userEvent.clear(year);
    await userEvent.type(year, "2024");
    const artists = screen.getByLabelText("Исполнители");
    await userEvent.clear(artists);
    await userEvent.type(artists, "Квартет Ветер, Анна Лето");
    await userEvent.selectOptions(screen.getByLabelText("Жанр"), "Джаз");
    await userEvent.click(screen.getByRole("checkbox", { name: "Ненормативная лексика" }));
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() =>
      expect(changes).toEqual([
        {
          id: song.id,
          title: "Летний вечер",
          artists: ["Квартет Ветер", "Анна Лето"],
          album: "Сезоны",
          genreId: genre.id,
          year: 2024,
          obsceneLexicon: true,
          isrc: "ru-a12-24-00001",
          authorIds: [],
          copyrightHolderId: null,
        },
      ]),
    );
    expect(await screen.findByText("Сведения о треке сохранены")).toBeTruthy();
  });

  it("credits authors in order and a copyright holder, found by name or added to the catalog in place", async () => {
    const composer = { id: nextId(), name: "Исаак Дунаевский" };
    const poet = { id: nextId(), name: "Василий Лебедев-Кумач", songCount: 4 };
    const holder = { id: nextId(), name: "Фирма «Мелодия»", songCount: 12 };
    const song = buildSong({ authors: [composer], author: composer });
    const searched: string[] = [];
    const added: string[] = [];
    const changes: unknown[] = [];
    renderLibrary(
      `/tracks/edit/${song.id}`,
      on(songsApi.getSongMeta, ({ reply }) => reply(song)),
      on(catalogApi.listGenres, ({ reply }) => reply({ data: [], total: 0, totalPages: 0 })),
      on(catalogApi.listAuthors, ({ query, reply }) => {
        const text = query.get("text") ?? "";
        searched.push(text);
        const data = text && "лебедев".includes(text.toLowerCase()) ? [poet] : [];
        return reply({ data, total: data.length, totalPages: data.length });
      }),
      on(catalogApi.listCopyrightHolders, ({ query, reply }) => {
        const data = query.get("text") === "Мело" ? [holder] : [];
        return reply({ data, total: data.length, totalPages: data.length });
      }),
      on(catalogApi.addAuthor, ({ body, reply }) => {
        added.push(body.name);
        return reply({ id: nextId(), name: body.name, songCount: 0 });
      }),
      on(songsApi.changeSongMeta, ({ body, reply }) => {
        changes.push(body);
        return reply(song);
      }),
    );
    const authors = await screen.findByLabelText("Авторы");
    expect(screen.getByRole("list", { name: "Авторы: выбрано" }).textContent).toContain(
      "Исаак Дунаевский",
    );

    await userEvent.type(authors, "Лебедев");
    await userEvent.click(await screen.findByRole("button", { name: /Василий Лебедев-Кумач/ }));
    // A name the catalog does not have is added there and chosen.
    await userEvent.type(authors, "Новый Поэт");
    await userEvent.click(
      await screen.findByRole("button", { name: "Добавить «Новый Поэт» в каталог" }),
    );
    await waitFor(() => expect(added).toEqual(["Новый Поэт"]));
    // The composer goes; the order of the rest is the order chosen.
    await userEvent.click(screen.getByRole("button", { name: "Убрать автора «Исаак Дунаевский»" }));

    await userEvent.type(screen.getByLabelText("Правообладатель"), "Мело");
    await userEvent.click(await screen.findByRole("button", { name: /Фирма «Мелодия»/ }));
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(changes).toHaveLength(1));
    const [change] = changes as { authorIds: string[]; copyrightHolderId: string }[];
    expect(change?.authorIds[0]).toBe(poet.id);
    expect(change?.authorIds).toHaveLength(2);
    expect(change?.copyrightHolderId).toBe(holder.id);
    // The search asked once a pause came, not at every key.
    expect(searched).not.toContain("Л");
  });

  it("without an id uploads a file and opens the new song's editor", async () => {
    const song = buildSong({ title: "Новая" });
    const app = renderLibrary(
      "/tracks/edit",
      on(songsApi.addSong, ({ file, reply }) => {
        expect(file?.name).toBe("Новая.mp3");
        return reply({ song, alreadyInLibrary: false });
      }),
      on(songsApi.getSongMeta, ({ reply }) => reply(song)),
    );
    const input = await screen.findByLabelText("Выбрать аудиофайл");
    await userEvent.upload(input, new File(["ID3"], "Новая.mp3", { type: "audio/mpeg" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/tracks/edit/${song.id}`));
    expect(await screen.findByDisplayValue("Новая")).toBeTruthy();
  });

  it("renames the track playing in the player bar, and the bar follows", async () => {
    emulateMediaElement();
    let song = buildSong({ title: "Летний вечер", artists: ["Квартет Ветер"] });
    renderLibrary(
      `/tracks/edit/${song.id}`,
      on(songsApi.getSongMeta, ({ reply }) => reply(song)),
      on(catalogApi.listGenres, ({ reply }) => reply({ data: [], total: 0, totalPages: 0 })),
      on(songsApi.changeSongMeta, ({ body, reply }) => {
        song = { ...song, title: body.title ?? song.title };
        return reply(song);
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Слушать: Летний вечер" }));
    const bar = screen.getByRole("region", { name: "Прослушивание" });
    expect(bar.textContent).toContain("Летний вечер — Квартет Ветер");

    const title = screen.getByLabelText("Название");
    await userEvent.clear(title);
    await userEvent.type(title, "Зимний вечер");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(bar.textContent).toContain("Зимний вечер — Квартет Ветер"));
    expect(bar.textContent).not.toContain("Летний");
  });

  it("shows the track's rating and rates it", async () => {
    const song = buildSong({ title: "Летний вечер" });
    const { routes, backend } = songRatingsServer([{ songId: song.id, others: [], mine: null }]);
    renderLibrary(
      `/tracks/edit/${song.id}`,
      on(songsApi.getSongMeta, ({ reply }) => reply(song)),
      on(catalogApi.listGenres, ({ reply }) => reply({ data: [], total: 0, totalPages: 0 })),
      ...routes,
    );
    const heading = await screen.findByRole("heading", { name: "Рейтинг" });
    const rating = heading.closest("section") as HTMLElement;
    expect(rating.textContent).toContain("Оценок пока нет");
    const stars = within(rating).getByRole("group", { name: "Оценка трека «Летний вечер»" });
    await userEvent.click(within(stars).getByRole("button", { name: "Оценить на 3 из 5" }));
    await waitFor(() =>
      expect(rating.textContent).toContain("Средняя оценка 3 · 1 оценка · ваша 3"),
    );
    expect(backend.rated).toEqual([`${song.id} 3`]);
    expect(backend.reads[0]).toEqual([song.id]);
  });
});
