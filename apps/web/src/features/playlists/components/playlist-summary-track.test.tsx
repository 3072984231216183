import { LIBRARY, playlistsApi } from "@fonika/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderLibrary } from "../../../test/library-app.tsx";
import { buildPlaylistWithTracks } from "../../../test/library-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";
import { SUMMARY_TEXTS } from "./playlist-summary-track.tsx";

/**
 * A playlist's preview track (summary-track-file): the editor tells whether
 * there is one, plays it and replaces it with a chosen audio file; a
 * client's playlist offers «Послушать превью» when there is one.
 */

const summaryPath = (playlistId: string) =>
  `/api/v1/music/playlist/${playlistId}/summary-track-file`;

/** The editor over a playlist whose preview the upload sets; `answerUpload` may refuse or wait. */
function editor(
  answerUpload: (file: File) => Promise<Response | null> | Response | null = () => null,
) {
  let playlist = buildPlaylistWithTracks({ name: "Утро в кофейне", hasSummaryTrack: false });
  const uploads: File[] = [];
  const app = renderLibrary(
    `/playlists/edit/${playlist.id}`,
    on(playlistsApi.getPlaylist, ({ reply }) => reply(playlist)),
    on(playlistsApi.changePlaylistSummaryTrack, async ({ params, file, reply }) => {
      expect(params.id).toBe(playlist.id);
      if (!file) throw new Error("no file sent");
      uploads.push(file);
      const refused = await answerUpload(file);
      if (refused) return refused;
      playlist = { ...playlist, hasSummaryTrack: true, updatedAt: new Date().toISOString() };
      return reply(playlist);
    }),
  );
  return { app, uploads, playlistId: playlist.id };
}

const section = () => screen.findByRole("region", { name: "Превью плейлиста" });
const audioFile = (name: string) => new File(["ID3 audio"], name, { type: "audio/mpeg" });

describe("the playlist's preview in the editor", () => {
  it("says there is none, uploads a chosen file, then plays the new preview", async () => {
    const { uploads, playlistId } = editor();
    const preview = await section();
    expect(within(preview).getByText("Превью нет")).toBeTruthy();
    expect(within(preview).queryByRole("button", { name: "Послушать превью" })).toBeNull();

    const input = screen.getByLabelText("Аудиофайл превью") as HTMLInputElement;
    expect(input.multiple).toBe(false);
    await userEvent.upload(input, audioFile("Превью.mp3"));
    await waitFor(() => expect(uploads.map((file) => file.name)).toEqual(["Превью.mp3"]));
    expect(await within(preview).findByText("Превью загружено")).toBeTruthy();
    expect(within(preview).getByRole("button", { name: "Заменить превью" })).toBeTruthy();

    await userEvent.click(within(preview).getByRole("button", { name: "Послушать превью" }));
    const audio = within(preview).getByLabelText("Превью плейлиста «Утро в кофейне»");
    const source = new URL(audio.getAttribute("src") ?? "", "http://localhost");
    expect(source.pathname).toBe(summaryPath(playlistId));
    expect(source.searchParams.get("access_token")).toBeTruthy();
    expect(within(preview).queryByRole("button", { name: "Послушать превью" })).toBeNull();
  });

  it("shows the upload's progress while it goes, and the server's reason when refused", async () => {
    let release: (answer: Response) => void = () => {};
    editor(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const preview = await section();
    await userEvent.upload(screen.getByLabelText("Аудиофайл превью"), audioFile("Шум.wav"));
    const bar = await within(preview).findByRole("progressbar", { name: "Загрузка Шум.wav" });
    expect(Number(bar.getAttribute("value"))).toBeGreaterThan(0);
    expect(
      within(preview).getByRole("button", { name: "Загрузить превью" }).getAttribute("aria-busy"),
    ).toBe("true");

    const reason = "Этот файл не похож на аудио: подойдут MP3, OGG, Opus, FLAC, WAV, M4A";
    release(replyError(415, { type: "unsupported-file", reason, message: "unsupported" }));
    expect((await within(preview).findByRole("alert")).textContent).toBe(`Шум.wav: ${reason}`);
    expect(within(preview).queryByRole("progressbar")).toBeNull();
    expect(within(preview).getByText("Превью нет")).toBeTruthy();
  });

  it("refuses a file over the limit without sending it", async () => {
    const { uploads } = editor();
    const preview = await section();
    const large = audioFile("Большой.flac");
    Object.defineProperty(large, "size", { value: LIBRARY.maxSummaryTrackMb * 1024 * 1024 + 1 });
    await userEvent.upload(screen.getByLabelText("Аудиофайл превью"), large);
    expect((await within(preview).findByRole("alert")).textContent).toBe(
      `Большой.flac: ${SUMMARY_TEXTS.tooLarge}`,
    );
    expect(uploads).toEqual([]);
  });
});

describe("the playlist's preview for a client", () => {
  function listen(hasSummaryTrack: boolean) {
    const playlist = buildPlaylistWithTracks({ name: "Вечер", hasSummaryTrack });
    renderSignedIn(
      "role-client",
      `/playlists/edit/${playlist.id}`,
      on(playlistsApi.getPlaylist, ({ reply }) => reply(playlist)),
    );
    return playlist;
  }

  it("offers «Послушать превью» when there is one, plays it, and tries a fresh address once", async () => {
    const playlist = listen(true);
    const button = await screen.findByRole("button", { name: "Послушать превью" });
    expect(screen.queryByText("Превью загружено")).toBeNull();
    expect(screen.queryByRole("button", { name: /Заменить превью|Загрузить превью/ })).toBeNull();
    await userEvent.click(button);
    const audio = () => screen.getByLabelText("Превью плейлиста «Вечер»");
    const first = audio();
    expect(new URL(first.getAttribute("src") ?? "", "http://localhost").pathname).toBe(
      summaryPath(playlist.id),
    );
    fireEvent.error(first);
    expect(audio()).not.toBe(first);
    fireEvent.error(audio());
    expect((await screen.findByRole("alert")).textContent).toBe(SUMMARY_TEXTS.playFailed);
    expect(screen.queryByLabelText("Превью плейлиста «Вечер»")).toBeNull();
    expect(screen.getByRole("button", { name: "Послушать превью" })).toBeTruthy();
  });

  it("offers nothing when the playlist has no preview", async () => {
    listen(false);
    expect(await screen.findByRole("heading", { name: "Вечер" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Послушать превью" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Превью плейлиста" })).toBeNull();
  });
});
