import { INPUT, LIBRARY, type Playlist } from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { ImageField } from "../../../components/ui/image-field.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { TagsInput } from "./tags-input.tsx";
import "../playlists.css";

const DESCRIPTION_MAX = 2000;

export interface PlaylistDetails {
  name: string;
  description: string | null;
  tags: string[];
  /** A new cover chosen, to upload after the details are saved. */
  cover: File | null;
}

interface PlaylistDetailsFormProps {
  /** The playlist edited; null when a new one is made. */
  playlist: Pick<Playlist, "name" | "description" | "tags"> | null;
  coverUrl: string | null;
  submitLabel: string;
  /** Saves; a rejection shows its reason (a taken name under the name field). */
  onSubmit: (details: PlaylistDetails) => Promise<unknown>;
}

/** Name, description, tags and cover of a playlist (PlaylistCreate and the editor). */
export function PlaylistDetailsForm({
  playlist,
  coverUrl,
  submitLabel,
  onSubmit,
}: PlaylistDetailsFormProps) {
  const descriptionId = useId();
  const [name, setName] = useState(playlist?.name ?? "");
  const [description, setDescription] = useState(playlist?.description ?? "");
  const [tags, setTags] = useState<string[]>(playlist?.tags ?? []);
  const [cover, setCover] = useState<File | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError("Введите название плейлиста");
      return;
    }
    setBusy(true);
    setNameError(null);
    setFormError(null);
    try {
      await onSubmit({
        name: trimmed,
        description: description.trim() || null,
        tags,
        cover,
      });
      setCover(null);
    } catch (error) {
      if (isApiError(error) && error.type === "duplicate-entry-error")
        setNameError(errorText(error));
      else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
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
        <div className="playlist-form__fields">
          <TextInput
            label="Название плейлиста"
            value={name}
            onChange={(value) => {
              setName(value);
              setNameError(null);
            }}
            max={INPUT.defaultMax}
            error={nameError}
          />
          <Field id={descriptionId} label="Описание" hint={`До ${DESCRIPTION_MAX} символов`}>
            <textarea
              id={descriptionId}
              className="input textarea"
              rows={3}
              maxLength={DESCRIPTION_MAX}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </Field>
          <TagsInput label="Теги" tags={tags} onChange={setTags} />
        </div>
      </div>
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
