import {
  type CatalogEntry,
  INPUT,
  LIBRARY,
  type Song,
  type SongMetaChange,
  songMetaChangeSchema,
} from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { ImageField } from "../../../components/ui/image-field.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { TRUNCATION } from "../../../config/constants.ts";
import { formatDuration, formatSizeMb, truncateName } from "../../../lib/format.ts";
import { useSubmission } from "../../../lib/use-submission.ts";
import { type Credit, CreditPicker } from "./credit-picker.tsx";
import "../songs.css";

type FieldName =
  | "title"
  | "artists"
  | "album"
  | "genreId"
  | "year"
  | "isrc"
  | "authorIds"
  | "copyrightHolderId";

/** What each field says when the shared schema refuses it. */
const FIELD_MESSAGES: Record<FieldName, string> = {
  title: `Введите название: от 1 до ${INPUT.defaultMax} символов`,
  artists: `Не больше ${LIBRARY.maxArtists} исполнителей, каждый — до ${INPUT.defaultMax} символов`,
  album: `Название альбома — до ${INPUT.defaultMax} символов`,
  genreId: "Выберите жанр из списка",
  year: "Год — число от 1000 до 2100",
  isrc: "ISRC пишется как CC-XXX-YY-NNNNN: 2 буквы, 3 буквы или цифры, 7 цифр",
  authorIds: `Не больше ${LIBRARY.maxAuthors} авторов`,
  copyrightHolderId: "Выберите правообладателя из каталога",
};

export interface TrackForm {
  title: string;
  artists: string;
  album: string;
  genreId: string;
  year: string;
  isrc: string;
  obsceneLexicon: boolean;
  /** Composers and lyricists, in the order they are credited. */
  authors: Credit[];
  copyrightHolder: Credit | null;
}

export function trackFormOf(song: Song): TrackForm {
  return {
    title: song.title,
    artists: song.artists.join(", "),
    album: song.album ?? "",
    genreId: song.genre?.id ?? "",
    year: song.year === null ? "" : String(song.year),
    isrc: song.isrc ?? "",
    obsceneLexicon: song.obsceneLexicon,
    authors: song.authors,
    copyrightHolder: song.copyrightHolder,
  };
}

/**
 * The change a form asks for, checked by the shared contract's schema (the
 * same one the server applies): the change, or the message of each field
 * it refuses.
 */
export function songChangeOf(
  form: TrackForm,
):
  | { change: SongMetaChange; errors: null }
  | { change: null; errors: Partial<Record<FieldName, string>> } {
  const yearText = form.year.trim();
  const candidate = {
    title: form.title,
    artists: splitArtists(form.artists),
    album: form.album.trim() || null,
    genreId: form.genreId || null,
    year: yearText ? (/^\d+$/.test(yearText) ? Number(yearText) : Number.NaN) : null,
    obsceneLexicon: form.obsceneLexicon,
    isrc: form.isrc.trim() || null,
    authorIds: form.authors.map((author) => author.id),
    copyrightHolderId: form.copyrightHolder?.id ?? null,
  };
  const parsed = songMetaChangeSchema.safeParse(candidate);
  if (parsed.success) return { change: candidate as SongMetaChange, errors: null };
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as FieldName | undefined;
    if (field && field in FIELD_MESSAGES) errors[field] = FIELD_MESSAGES[field];
  }
  return { change: null, errors };
}

interface TrackEditorProps {
  song: Song;
  genres: readonly CatalogEntry[];
  coverUrl: string | null;
  /** Saves the meta (and the new cover, if one was chosen). */
  onSave: (change: SongMetaChange, cover: File | null) => Promise<unknown>;
}

/** Performers as typed in one field: "A, B" is two of them. */
export function splitArtists(text: string): string[] {
  return text
    .split(",")
    .map((artist) => artist.trim())
    .filter(Boolean);
}

/**
 * The meta of one song (title, artists, album, genre, year, explicit
 * lexicon, ISRC, its authors and copyright holder) and its cover, checked
 * as the server checks them.
 */
export function TrackEditor({ song, genres, coverUrl, onSave }: TrackEditorProps) {
  const genreId = useId();
  const [form, setForm] = useState<TrackForm>(() => trackFormOf(song));
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const { busy, error: formError, submit } = useSubmission();

  const set = <K extends keyof TrackForm>(key: K, value: TrackForm[K]) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = songChangeOf(form);
    if (!result.change) {
      setErrors(result.errors);
      return;
    }
    await submit(async () => {
      await onSave(result.change, cover);
      setCover(null);
    });
  };

  return (
    <form className="form playlist-form" onSubmit={handleSubmit} noValidate>
      <div className="playlist-form__grid">
        <ImageField
          label="Обложка"
          currentUrl={coverUrl}
          file={cover}
          onChange={setCover}
          accept={LIBRARY.imageTypes}
          maxMb={LIBRARY.maxImageMb}
        />
        <div className="form__grid">
          <TextInput
            label="Название"
            value={form.title}
            onChange={(value) => set("title", value)}
            error={errors.title}
          />
          <TextInput
            label="Исполнители"
            value={form.artists}
            onChange={(value) => set("artists", value)}
            required={false}
            hint="Через запятую"
            error={errors.artists}
          />
          <CreditPicker
            kind="author"
            label="Авторы"
            value={form.authors}
            onChange={(authors) => set("authors", authors)}
            message={errors.authorIds}
            hint="Композиторы и авторы текста, по порядку"
          />
          <CreditPicker
            kind="copyright-holder"
            label="Правообладатель"
            single
            value={form.copyrightHolder ? [form.copyrightHolder] : []}
            onChange={(chosen) => set("copyrightHolder", chosen[0] ?? null)}
            message={errors.copyrightHolderId}
          />
          <TextInput
            label="Альбом"
            value={form.album}
            onChange={(value) => set("album", value)}
            required={false}
            error={errors.album}
          />
          <Field id={genreId} label="Жанр" message={errors.genreId}>
            <select
              id={genreId}
              className="input"
              value={form.genreId}
              onChange={(event) => set("genreId", event.target.value)}
            >
              <option value="">Не указан</option>
              {genres.map((genre) => (
                <option key={genre.id} value={genre.id} title={genre.name}>
                  {truncateName(genre.name, TRUNCATION.dropdownMax, TRUNCATION.dropdownCut)}
                </option>
              ))}
            </select>
          </Field>
          <TextInput
            label="Год"
            type="number"
            value={form.year}
            onChange={(value) => set("year", value)}
            max={4}
            required={false}
            error={errors.year}
          />
          <TextInput
            label="ISRC"
            value={form.isrc}
            onChange={(value) => set("isrc", value)}
            max={15}
            required={false}
            hint="Например, RU-A12-24-00001"
            error={errors.isrc}
          />
        </div>
      </div>
      <Checkbox
        checked={form.obsceneLexicon}
        onChange={(checked) => set("obsceneLexicon", checked)}
      >
        Ненормативная лексика
      </Checkbox>
      <p className="muted track-facts">
        {song.format.toUpperCase()} · {formatDuration(song.durationMs)} ·{" "}
        {formatSizeMb(song.sizeBytes)}
        {song.bitrate ? ` · ${Math.round(song.bitrate / 1000)} кбит/с` : ""}
      </p>
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={busy}>
          Сохранить
        </Button>
      </div>
    </form>
  );
}
