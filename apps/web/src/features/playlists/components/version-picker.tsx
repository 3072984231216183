import { useId, useState } from "react";
import { Field } from "../../../components/ui/field.tsx";
import { TRUNCATION } from "../../../config/constants.ts";
import { truncateName } from "../../../lib/format.ts";
import { usePlaylists } from "../api/list-playlists.ts";
import "../playlists.css";

/** SPEC.md §9: dropdown items longer than 20 characters show 17 and an ellipsis. */
function dropdownName(name: string): string {
  return truncateName(name, TRUNCATION.dropdownMax, TRUNCATION.dropdownCut);
}

export interface PickedVersion {
  versionId: string;
  label: string;
}

interface VersionPickerProps {
  onPick: (picked: PickedVersion | null) => void;
}

/**
 * Chooses a version to add songs to: a playlist found by name or tag, then
 * one of its versions (its current one first).
 */
export function VersionPicker({ onPick }: VersionPickerProps) {
  const searchId = useId();
  const playlistId = useId();
  const versionId = useId();
  const [text, setText] = useState("");
  const [chosenPlaylist, setChosenPlaylist] = useState("");
  const [chosenVersion, setChosenVersion] = useState("");
  const playlists = usePlaylists({ text });
  const options = (playlists.data?.data ?? []).filter((playlist) => !playlist.deleted);
  const playlist = options.find((candidate) => candidate.id === chosenPlaylist);
  const versions = [...(playlist?.versions ?? [])].sort(
    (left, right) => Number(right.isCurrent) - Number(left.isCurrent),
  );

  const pick = (nextPlaylist: string, nextVersion: string) => {
    setChosenPlaylist(nextPlaylist);
    setChosenVersion(nextVersion);
    const owner = options.find((candidate) => candidate.id === nextPlaylist);
    const version = owner?.versions.find((candidate) => candidate.entryId === nextVersion);
    onPick(
      owner && version
        ? { versionId: version.entryId, label: `${owner.name} / ${version.name}` }
        : null,
    );
  };

  return (
    <div className="version-picker form__grid">
      <Field id={searchId} label="Найти плейлист">
        <input
          id={searchId}
          className="input"
          type="search"
          placeholder="Название или тег"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Field>
      <Field
        id={playlistId}
        label="Плейлист"
        message={playlists.isSuccess && options.length === 0 ? "Плейлисты не найдены" : null}
      >
        <select
          id={playlistId}
          className="input"
          value={chosenPlaylist}
          onChange={(event) => {
            const next = options.find((candidate) => candidate.id === event.target.value);
            const first = next?.versions.find((version) => version.isCurrent) ?? next?.versions[0];
            pick(event.target.value, first?.entryId ?? "");
          }}
        >
          <option value="">Выберите плейлист</option>
          {options.map((candidate) => (
            <option key={candidate.id} value={candidate.id} title={candidate.name}>
              {dropdownName(candidate.name)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={versionId}
        label="Версия"
        message={playlist && versions.length === 0 ? "У плейлиста нет версий" : null}
      >
        <select
          id={versionId}
          className="input"
          value={chosenVersion}
          disabled={versions.length === 0}
          onChange={(event) => pick(chosenPlaylist, event.target.value)}
        >
          <option value="">Выберите версию</option>
          {versions.map((version) => (
            <option key={version.entryId} value={version.entryId} title={version.name}>
              {dropdownName(version.name)}
              {version.isCurrent ? " (текущая)" : ""}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
