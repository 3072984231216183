import { INPUT, MESSAGES } from "@fonika/shared";
import { useId } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import type { PlaylistChoice } from "../tariff-draft.ts";
import "../tariffs.css";

/** The playlists found by a playlist search box (see `usePlaylistSearch`). */
export interface PlaylistSearch {
  text: string;
  onTextChange: (text: string) => void;
  found: readonly PlaylistChoice[];
  loading: boolean;
  error: string | null;
}

interface PlaylistFinderProps {
  search: PlaylistSearch;
  /** Playlists already held: left out of what is found. */
  excludeIds: ReadonlySet<string>;
  onAdd: (playlist: PlaylistChoice) => void;
  /** The playlist being added, its button busy and the others blocked meanwhile. */
  addingId?: string | null;
}

/** A search box for the library's playlists by name, each found one with its 'Добавить' button. */
export function PlaylistFinder({
  search,
  excludeIds,
  onAdd,
  addingId = null,
}: PlaylistFinderProps) {
  const searchId = useId();
  const found = search.found.filter((playlist) => !excludeIds.has(playlist.id));
  return (
    <div className="playlist-finder">
      <Field id={searchId} label="Найти плейлист" message={search.error}>
        <input
          id={searchId}
          className="input"
          type="search"
          placeholder="Поиск по названию"
          value={search.text}
          maxLength={INPUT.defaultMax}
          onChange={(event) => search.onTextChange(event.target.value)}
        />
      </Field>
      {search.text.trim() && (
        <ul
          className="playlist-finder__found"
          aria-label="Найденные плейлисты"
          aria-busy={search.loading}
        >
          {!search.loading && found.length === 0 && (
            <li className="muted">{MESSAGES.nothingFound}</li>
          )}
          {found.map((playlist) => (
            <li key={playlist.id}>
              <span>{playlist.name}</span>
              <Button
                variant="ghost"
                icon="plus"
                aria-label={`Добавить плейлист «${playlist.name}»`}
                busy={addingId === playlist.id}
                disabled={addingId !== null && addingId !== playlist.id}
                onClick={() => onAdd(playlist)}
              >
                Добавить
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface PlaylistPickerProps {
  chosen: readonly PlaylistChoice[];
  search: PlaylistSearch;
  onChange: (chosen: PlaylistChoice[]) => void;
}

/** The tariff form's playlists: those chosen, each removable, and a search to add more. */
export function PlaylistPicker({ chosen, search, onChange }: PlaylistPickerProps) {
  const chosenIds = new Set(chosen.map((playlist) => playlist.id));
  return (
    <div>
      <ul className="tariff-form__playlists" aria-label="Плейлисты тарифа">
        {chosen.length === 0 && <li className="muted">Плейлисты не выбраны</li>}
        {chosen.map((playlist) => (
          <li key={playlist.id} className="tag">
            <span>{playlist.name}</span>
            <button
              type="button"
              className="tag__remove"
              aria-label={`Убрать плейлист «${playlist.name}»`}
              onClick={() => onChange(chosen.filter((candidate) => candidate.id !== playlist.id))}
            >
              <Icon name="close" size={14} />
            </button>
          </li>
        ))}
      </ul>
      <PlaylistFinder
        search={search}
        excludeIds={chosenIds}
        onAdd={(playlist) => onChange([...chosen, playlist])}
      />
    </div>
  );
}
