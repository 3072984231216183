import type { Song } from "@fonika/shared";
import { useId, useState } from "react";
import { AudioFilePicker } from "../../../components/audio/audio-file-picker.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import type { UploadProgress } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { useAddSong } from "../api/add-song.ts";
import "./song-upload.css";
import "../songs.css";

/**
 * One audio file uploaded into the library, with its progress; `onUploaded`
 * gets the song it became (or the same content already there).
 */
export function SongUpload({ onUploaded }: { onUploaded: (song: Song) => void }) {
  const inputId = useId();
  const addSong = useAddSong();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);

  const upload = (file: File) => {
    setName(file.name);
    setError(null);
    setProgress({ loaded: 0, total: file.size });
    addSong.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: ({ song }) => onUploaded(song),
        onError: (failure) => setError(errorText(failure)),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <div className="song-upload">
      <label
        htmlFor={inputId}
        className={`button button--primary button--md${addSong.isPending ? " is-disabled" : ""}`}
      >
        <Icon name="upload" />
        Выбрать аудиофайл
      </label>
      <AudioFilePicker
        id={inputId}
        multiple={false}
        disabled={addSong.isPending}
        onFiles={([file]) => file && upload(file)}
      />
      <p className="muted">
        MP3, OGG, Opus, FLAC, WAV или M4A. Название, исполнители и альбом прочитаются из тегов
        файла.
      </p>
      {progress && name && (
        <div className="song-upload__progress">
          <span>{name}</span>
          <progress
            aria-label={`Загрузка ${name}`}
            max={progress.total || 1}
            value={progress.loaded}
          />
        </div>
      )}
      {error && (
        <p className="form__error" role="alert">
          {name ? `${name}: ` : ""}
          {error}
        </p>
      )}
    </div>
  );
}
