import { LIBRARY, type Playlist } from "@fonika/shared";
import { useRef, useState } from "react";
import { toast } from "react-toastify";
import { AudioFilePicker } from "../../../components/audio/audio-file-picker.tsx";
import { Button } from "../../../components/ui/button.tsx";
import type { UploadProgress } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { useChangePlaylistSummaryTrack } from "../api/change-playlist-summary-track.ts";
import { playlistSummaryTrackUrl } from "../api/get-playlist-summary-track.ts";
import "./playlist-summary-track.css";

const MAX_BYTES = LIBRARY.maxSummaryTrackMb * 1024 * 1024;

export const SUMMARY_TEXTS = {
  tooLarge: `Превью больше ${LIBRARY.maxSummaryTrackMb} МБ`,
  playFailed: "Не удалось воспроизвести превью",
} as const;

interface PlaylistSummaryTrackProps {
  playlist: Pick<Playlist, "id" | "name" | "hasSummaryTrack">;
  /**
   * The content manager's editor: says whether there is a preview, and it
   * may be uploaded or replaced. Otherwise (a listener) only the play.
   */
  editable: boolean;
}

/**
 * A playlist's preview track (its summary-track-file): whether it has one,
 * «Послушать превью» to play it in place, and in the editor the choice of
 * an audio file that replaces it, with the upload's progress and the
 * server's reason when it is refused.
 */
export function PlaylistSummaryTrack({ playlist, editable }: PlaylistSummaryTrackProps) {
  const api = useApiClient();
  const changeSummary = useChangePlaylistSummaryTrack();
  const inputRef = useRef<HTMLInputElement>(null);
  /**
   * What the element plays: an address made at the click, so that it
   * carries the token of that moment, and which attempt it is (a new
   * attempt is a new element, even when the address came out the same).
   */
  const [source, setSource] = useState<{ url: string; attempt: number } | null>(null);
  /** The upload under way: the chosen file's name and how much of it went. */
  const [sending, setSending] = useState<{ name: string; progress: UploadProgress } | null>(null);
  /** Why the last upload or play failed, and of which chosen file. */
  const [problem, setProblem] = useState<{ text: string; fileName?: string } | null>(null);

  const play = (attempt: number) => {
    try {
      setSource({ url: playlistSummaryTrackUrl(api, playlist.id), attempt });
      setProblem(null);
    } catch (error) {
      setSource(null);
      setProblem({ text: errorText(error) });
    }
  };

  // The address's token may have run out while the element waited: one fresh address, then give up.
  const handlePlayError = () => {
    if (source && source.attempt === 0) {
      play(1);
      return;
    }
    setSource(null);
    setProblem({ text: SUMMARY_TEXTS.playFailed });
  };

  const upload = (file: File) => {
    if (file.size > MAX_BYTES) {
      setProblem({ text: SUMMARY_TEXTS.tooLarge, fileName: file.name });
      return;
    }
    setProblem(null);
    setSending({ name: file.name, progress: { loaded: 0, total: file.size } });
    changeSummary.mutate(
      {
        playlistId: playlist.id,
        file,
        onProgress: (progress) => setSending({ name: file.name, progress }),
      },
      {
        onSuccess: () => {
          toast.success(playlist.hasSummaryTrack ? "Превью заменено" : "Превью загружено");
          // The element would go on playing the file that was replaced.
          setSource(null);
        },
        onError: (error) => setProblem({ text: errorText(error), fileName: file.name }),
        onSettled: () => setSending(null),
      },
    );
  };

  return (
    <section className="playlist-summary" aria-label="Превью плейлиста">
      <div className="playlist-summary__row">
        {editable && (
          <span className="playlist-summary__state">
            {playlist.hasSummaryTrack ? "Превью загружено" : "Превью нет"}
          </span>
        )}
        {playlist.hasSummaryTrack && !source && (
          <Button variant="secondary" icon="play" onClick={() => play(0)}>
            Послушать превью
          </Button>
        )}
        {editable && (
          <Button
            variant="ghost"
            icon="upload"
            busy={changeSummary.isPending}
            onClick={() => inputRef.current?.click()}
          >
            {playlist.hasSummaryTrack ? "Заменить превью" : "Загрузить превью"}
          </Button>
        )}
      </div>
      {source && (
        // biome-ignore lint/a11y/useMediaCaption: a music preview has no spoken words to caption.
        <audio
          key={source.attempt}
          className="playlist-summary__audio"
          controls
          autoPlay
          src={source.url}
          aria-label={`Превью плейлиста «${playlist.name}»`}
          onError={handlePlayError}
        />
      )}
      {sending ? (
        <div className="playlist-summary__progress">
          <span>{sending.name}</span>
          <progress
            aria-label={`Загрузка ${sending.name}`}
            max={sending.progress.total || 1}
            value={sending.progress.loaded}
          />
        </div>
      ) : problem ? (
        <p className="form__error" role="alert">
          {problem.fileName ? `${problem.fileName}: ` : ""}
          {problem.text}
        </p>
      ) : (
        editable && (
          <p className="muted playlist-summary__hint">
            Короткий отрывок, который клиент слушает, выбирая плейлист: аудиофайл до{" "}
            {LIBRARY.maxSummaryTrackMb} МБ. Новый файл заменит прежний.
          </p>
        )
      )}
      {editable && (
        <AudioFilePicker
          inputRef={inputRef}
          label="Аудиофайл превью"
          multiple={false}
          disabled={changeSummary.isPending}
          onFiles={([file]) => file && upload(file)}
        />
      )}
    </section>
  );
}
