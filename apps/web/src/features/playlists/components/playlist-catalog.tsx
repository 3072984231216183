import type { Playlist } from "@fonika/shared";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import { TRUNCATION } from "../../../config/constants.ts";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDuration, truncateName } from "../../../lib/format.ts";
import { tariffNamesText } from "../../../lib/tariff-names.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useFavouritePlaylistIds } from "../api/list-favourite-playlists.ts";
import { usePlaylists } from "../api/list-playlists.ts";
import {
  FILTER_PARAMS,
  type PlaylistFilter,
  playlistFilterOf,
  playlistFilterText,
} from "../playlist-filter.ts";
import { AddToPlayerDialog, type ViewerPlayers } from "./add-to-player-dialog.tsx";
import { FavouriteButton } from "./favourite-button.tsx";
import { PlaylistCover } from "./playlist-cover.tsx";
import "../playlists.css";

/** The catalogue's own query parameters, beside the route's filter. */
const CATALOG_PARAMS = { text: "text", page: "page" } as const;

const TYPING_PAUSE_MS = 250;

/** How many tracks the current version holds and how long they play (SPEC.md §9 durations). */
function tracksSummary(playlist: Playlist): string {
  return `Треков: ${playlist.tracksCount} · ${formatDuration(playlist.tracksDuration)}`;
}

interface PlaylistCardProps {
  playlist: Playlist;
  userId: string;
  favourite: boolean | undefined;
  /** False: the viewer's subscriptions do not let it play, so it does not look playable. */
  playable: boolean;
  /** «Добавить на плеер»: absent when the viewer has no venue that offers it. */
  onAddToPlayer?: (() => void) | undefined;
}

/** What a playlist the viewer cannot play yet is marked with. */
export const NOT_IN_SUBSCRIPTIONS = "Нет в ваших подписках";

/**
 * A playlist in the catalogue: cover, name (a link to it), its description,
 * tags, tracks, «Добавить на плеер» and the favourite mark; one that cannot
 * play for the viewer has no link and says why.
 */
function PlaylistCard({ playlist, userId, favourite, playable, onAddToPlayer }: PlaylistCardProps) {
  const shownName = truncateName(playlist.name, TRUNCATION.folderVersionPlaylist);
  const truncated = shownName !== playlist.name;
  return (
    <li className={playable ? "playlist-card" : "playlist-card playlist-card--locked"}>
      <PlaylistCover
        playlistId={playlist.id}
        hasCover={playlist.hasCover}
        updatedAt={playlist.updatedAt}
        size="card"
      />
      <div className="playlist-card__body">
        {playable ? (
          <Link
            className="playlist-card__link"
            to={pathTo("Playlist", { id: playlist.id })}
            aria-label={truncated ? playlist.name : undefined}
            title={truncated ? playlist.name : undefined}
          >
            {shownName}
          </Link>
        ) : (
          <>
            <span className="playlist-card__name" title={truncated ? playlist.name : undefined}>
              {shownName}
            </span>
            <StatusChip label={NOT_IN_SUBSCRIPTIONS} />
          </>
        )}
        {playlist.description && (
          <p className="playlist-card__description">{playlist.description}</p>
        )}
        {playlist.tags.length > 0 && (
          <ul className="playlist-card__tags" aria-label="Теги">
            {playlist.tags.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <p className="playlist-card__facts">{tracksSummary(playlist)}</p>
        {playlist.tariffs && (
          <p className="playlist-card__facts">Тарифы: {tariffNamesText(playlist.tariffs)}</p>
        )}
        {onAddToPlayer && (
          <Button
            variant="secondary"
            icon="plus"
            className="playlist-card__more"
            aria-label={`Добавить на плеер: ${playlist.name}`}
            onClick={onAddToPlayer}
          >
            Добавить на плеер
          </Button>
        )}
      </div>
      <div className="playlist-card__actions">
        <FavouriteButton
          userId={userId}
          playlistId={playlist.id}
          playlistName={playlist.name}
          favourite={favourite}
        />
      </div>
    </li>
  );
}

/** The search box of the catalogue: the URL takes the words once typing pauses. */
function CatalogSearch({ text, onSearch }: { text: string; onSearch: (text: string) => void }) {
  const [typed, setTyped] = useState(text);
  const [shownText, setShownText] = useState(text);
  // A new search in the URL (back, a link) shows in the box, unless it is what is typed.
  if (text !== shownText) {
    setShownText(text);
    if (text !== typed.trim()) setTyped(text);
  }
  const settled = useDebouncedValue(typed.trim(), TYPING_PAUSE_MS);
  // Read by the effect below, which runs only when the typed words settle:
  // a search that came from the URL is never sent back to it.
  const latest = useRef({ text, onSearch });
  latest.current = { text, onSearch };
  useEffect(() => {
    if (settled !== latest.current.text) latest.current.onSearch(settled);
  }, [settled]);
  return (
    <search className="list-toolbar__search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim() !== text) onSearch(typed.trim());
        }}
      >
        <Icon name="search" className="list-toolbar__icon" />
        <input
          className="input list-toolbar__input"
          type="search"
          placeholder="Название или тег"
          aria-label="Поиск плейлистов"
          value={typed}
          maxLength={200}
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
    </search>
  );
}

/** The filter of the URL as a chip that removes it. */
function FilterChip({ filter, onRemove }: { filter: PlaylistFilter; onRemove: () => void }) {
  const text = playlistFilterText(filter);
  return (
    <p className="filter-chip">
      <span className="tag">
        <span>{text}</span>
        <button
          type="button"
          className="tag__remove"
          aria-label={`Убрать фильтр «${text}»`}
          onClick={onRemove}
        >
          <Icon name="close" size={14} />
        </button>
      </span>
    </p>
  );
}

/**
 * The playlists a listener may choose from (the client's Playlists
 * screen): narrowed by the route's filter (`filterBy` song, artist, album
 * or tag, `filterValue` its name; shown as a removable chip) and by words
 * of the name or tags, 20 to a page; each opens its playlist and can be
 * marked a favourite of the signed-in user. Given `playableIds` (what the
 * viewer's subscriptions let play), the others are shown without a link,
 * marked, with a word on how they come to play. Given the viewer's
 * `players`, a playlist one of their venues offers can be put on a player
 * there («Добавить на плеер»).
 */
export function PlaylistCatalog({
  userId,
  playableIds = null,
  players,
}: {
  userId: string;
  /** The playlists the viewer may play; null while not known (every one is a link then). */
  playableIds?: ReadonlySet<string> | null;
  /** The viewer's players (a client's): absent, no playlist offers «Добавить на плеер». */
  players?: ViewerPlayers;
}) {
  const [addingToPlayer, setAddingToPlayer] = useState<Playlist | null>(null);
  const [search, setSearch] = useSearchParams();
  const filter = playlistFilterOf(search);
  const text = search.get(CATALOG_PARAMS.text)?.trim() ?? "";
  const page = Math.max(0, Math.floor(Number(search.get(CATALOG_PARAMS.page)) || 1) - 1);
  const playlists = usePlaylists({
    text,
    ...(filter ? { [filter.by]: filter.value } : {}),
    page,
  });
  const favourites = useFavouritePlaylistIds(userId);
  const favouriteIds = favourites.data ? new Set(favourites.data) : null;

  /** Changes some parameters; any change of what is shown starts again at the first page. */
  const update = (change: Record<string, string | null>) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(change)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!(CATALOG_PARAMS.page in change)) next.delete(CATALOG_PARAMS.page);
      return next;
    });
  const clearFilter = () => update({ [FILTER_PARAMS.by]: null, [FILTER_PARAMS.value]: null });

  const list = playlists.data?.data ?? [];
  const total = playlists.data?.total ?? 0;
  const isPlayable = (playlist: Playlist) => !playableIds || playableIds.has(playlist.id);
  const anyLocked = list.some((playlist) => !isPlayable(playlist));

  return (
    <div className="playlist-catalog" aria-busy={playlists.isFetching}>
      <div className="list-toolbar">
        <CatalogSearch
          text={text}
          onSearch={(words) => update({ [CATALOG_PARAMS.text]: words || null })}
        />
        {filter && <FilterChip filter={filter} onRemove={clearFilter} />}
      </div>
      {playlists.isPending ? (
        <div className="playlist-cards" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <div key={index} className="playlist-card">
              <Skeleton width="70%" />
            </div>
          ))}
        </div>
      ) : playlists.isError && list.length === 0 ? (
        <EmptyState icon="playlists" title="Не удалось загрузить плейлисты">
          {errorText(playlists.error)}
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState
          icon="search"
          title="Плейлисты не найдены"
          action={
            filter || text ? (
              <Button
                variant="secondary"
                onClick={() =>
                  update({
                    [FILTER_PARAMS.by]: null,
                    [FILTER_PARAMS.value]: null,
                    [CATALOG_PARAMS.text]: null,
                  })
                }
              >
                Показать все плейлисты
              </Button>
            ) : undefined
          }
        >
          {filter
            ? `С фильтром «${playlistFilterText(filter)}» плейлистов нет. Уберите фильтр, чтобы увидеть все плейлисты.`
            : text
              ? `По запросу «${text}» плейлистов нет. Измените запрос.`
              : "Плейлистов пока нет."}
        </EmptyState>
      ) : (
        <>
          {anyLocked && (
            <p className="playlist-catalog__note muted">
              {playableIds?.size === 0
                ? "Плейлисты заиграют, когда у вашего заведения будет подписка: каждый — по тарифу, в который он входит. "
                : `Плейлисты с пометкой «${NOT_IN_SUBSCRIPTIONS}» играют только по тарифу, в который входят. `}
              <Link to={pathTo("Subscribe")} className="link-button">
                Тарифы и подписки
              </Link>
            </p>
          )}
          <ul className="playlist-cards" aria-label="Плейлисты">
            {list.map((playlist) => (
              <PlaylistCard
                key={playlist.id}
                playlist={playlist}
                userId={userId}
                favourite={favouriteIds ? favouriteIds.has(playlist.id) : undefined}
                playable={isPlayable(playlist)}
                onAddToPlayer={
                  players && playlist.establishmentIds?.length
                    ? () => setAddingToPlayer(playlist)
                    : undefined
                }
              />
            ))}
          </ul>
        </>
      )}
      {addingToPlayer && players && (
        <AddToPlayerDialog
          playlist={addingToPlayer}
          userId={userId}
          players={players}
          onClose={() => setAddingToPlayer(null)}
        />
      )}
      <div className="table-footer">
        <span className="muted">Всего: {total}</span>
        <Pagination
          page={page}
          totalPages={playlists.data?.totalPages ?? 0}
          onChange={(next) => update({ [CATALOG_PARAMS.page]: next > 0 ? String(next + 1) : null })}
        />
      </div>
    </div>
  );
}
