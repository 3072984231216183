import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { VersionPicker } from "../../../features/playlists/components/version-picker.tsx";
import { CreditsDialog } from "../../../features/songs/components/credits-dialog.tsx";
import {
  FILTER_LABELS,
  type SongFilter,
  SongList,
} from "../../../features/songs/components/song-list.tsx";
import { useEntries } from "../../../features/vault/api/list-entries.ts";
import { useMakeSong } from "../../../features/vault/api/make-song.ts";
import { useFailedEntries } from "../../../features/vault/hooks/use-failed-entries.tsx";
import { entryHref, LIBRARY_PARAMS } from "../../../features/vault/library-location.ts";
import { errorText } from "../../../lib/error-messages.ts";
import "./tracks.css";

/** SPEC.md §2 AddAudios' optional parameters, from the query string. */
function songFilterOf(search: URLSearchParams): SongFilter | null {
  const by = search.get("filterBy");
  const value = search.get("filterValue")?.trim();
  if ((by === "artist" || by === "album") && value) return { by, value };
  return null;
}

/** The version named by `?target=`, shown by its playlist and name. */
function TargetVersion({ versionId, onChange }: { versionId: string; onChange: () => void }) {
  const listing = useEntries({ entryId: versionId, page: 0, count: 1 });
  const version = listing.data?.entry;
  const playlist = listing.data?.path.at(-1);
  return (
    <div className="target-version">
      <Icon name="version" />
      <span>
        {listing.isPending ? (
          <Skeleton width="220px" />
        ) : version ? (
          <>
            Треки добавятся в{" "}
            <Link to={entryHref(version, playlist?.playlistId ?? null)}>
              {playlist ? `${playlist.name} / ` : ""}
              {version.name}
            </Link>
          </>
        ) : (
          errorText(listing.error)
        )}
      </span>
      <Button variant="ghost" onClick={onChange}>
        Выбрать другую версию
      </Button>
    </div>
  );
}

/** A new preselected song starts the screen afresh (it is chosen from the start). */
export default function TracksScreen() {
  const [search] = useSearchParams();
  return <AddAudios key={search.get("preselect") ?? ""} />;
}

/**
 * AddAudios (`/tracks`): the library's songs, filtered by artist or album
 * (`filterBy`, `filterValue`) with one song shown first and chosen
 * (`preselect`); the chosen songs are added to a version (`target`, or
 * one picked here) through make-song, and the rows it could not add open
 * the failed-entries modal.
 */
function AddAudios() {
  const [search, setSearch] = useSearchParams();
  const filter = songFilterOf(search);
  const preselect = search.get("preselect");
  const targetParam = search.get(LIBRARY_PARAMS.target);
  const [picked, setPicked] = useState<{ versionId: string; label: string } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(
    () => new Set(preselect ? [preselect] : []),
  );
  const [crediting, setCrediting] = useState(false);
  const makeSong = useMakeSong();
  const failures = useFailedEntries();
  const targetId = targetParam ?? picked?.versionId ?? null;

  const setParam = (key: string, value: string | null) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  const addSelected = async () => {
    if (!targetId || selected.size === 0) return;
    const songIds = [...selected];
    try {
      const result = await makeSong.mutateAsync({ targetId, songIds, policy: "nothing" });
      if (result.entries.length > 0) toast.success(`Добавлено в версию: ${result.entries.length}`);
      failures.show({
        action: "add",
        failed: result.failedEntries,
        retry: (ids, policy) => makeSong.mutateAsync({ targetId, songIds: ids, policy }),
      });
      setSelected(new Set());
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const keepParams = { [LIBRARY_PARAMS.target]: targetParam ?? undefined };

  return (
    <Page
      title={ROUTES.AddAudios.title}
      description="Все треки библиотеки. Отметьте нужные и добавьте их в версию плейлиста."
      actions={
        <Link className="button button--secondary button--md" to={pathTo("TrackEdit")}>
          <Icon name="upload" />
          Загрузить трек
        </Link>
      }
    >
      <Section title="Куда добавить">
        {targetParam ? (
          <TargetVersion
            versionId={targetParam}
            onChange={() => setParam(LIBRARY_PARAMS.target, null)}
          />
        ) : (
          <VersionPicker onPick={setPicked} />
        )}
      </Section>
      {filter && (
        <p className="filter-line">
          {FILTER_LABELS[filter.by]}: <strong>{filter.value}</strong>{" "}
          <button
            type="button"
            className="link-button"
            onClick={() =>
              setSearch((previous) => {
                const next = new URLSearchParams(previous);
                next.delete("filterBy");
                next.delete("filterValue");
                return next;
              })
            }
          >
            Показать все треки
          </button>
        </p>
      )}
      <div className="list-toolbar">
        <div className="list-toolbar__selection">
          <span>Выбрано: {selected.size}</span>
          <Button
            icon="plus"
            disabled={!targetId || selected.size === 0}
            busy={makeSong.isPending}
            onClick={() => void addSelected()}
          >
            Добавить в версию
          </Button>
          {!targetId && <span className="muted">Сначала выберите версию</span>}
          <Button
            variant="secondary"
            icon="edit"
            disabled={selected.size === 0}
            onClick={() => setCrediting(true)}
          >
            Авторы и правообладатель
          </Button>
        </div>
      </div>
      <SongList
        filter={filter}
        preselect={preselect}
        selected={selected}
        onSelect={setSelected}
        keepParams={keepParams}
      />
      {failures.modal}
      {crediting && (
        <CreditsDialog
          songIds={[...selected]}
          onClose={() => setCrediting(false)}
          onDone={(changed, what) => {
            setCrediting(false);
            toast.success(`${what} у треков: ${changed}`);
          }}
        />
      )}
    </Page>
  );
}
