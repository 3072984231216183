import type { PlaylistTrack } from "@fonika/shared";
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { PlayButton } from "../../../components/audio/preview-player.tsx";
import { useBigScreen } from "../../../components/layouts/use-media-query.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { IconButton } from "../../../components/ui/icon-button.tsx";
import { TRUNCATION } from "../../../config/constants.ts";
import { carriesFiles } from "../../../lib/audio-files.ts";
import { formatDuration, truncateName } from "../../../lib/format.ts";
import { falloutOf, falloutSummary, falloutText } from "../../../lib/licence-fallout.ts";
import { moveItem } from "./track-order.ts";
import "../playlists.css";

/** The drag data type of a track being reordered within its version. */
const ORDER_DRAG_TYPE = "application/x-fonika-track-order";

interface VersionTracksProps {
  versionName: string;
  tracks: readonly PlaylistTrack[];
  /** Saves a new order: every track entry of the version, each once. */
  onReorder: (entryIds: string[]) => Promise<unknown>;
  onRemove: (track: PlaylistTrack) => void;
  /** Audio files dropped from the desktop onto the list. */
  onFilesDropped?: (files: File[]) => void;
  /** Buttons above the list (upload, add from the library). */
  actions?: ReactNode;
  /**
   * What may be done with the checked tracks (move or copy them), shown
   * beside their count while some are checked; `clearSelection` unchecks
   * them once done. Absent: the rows have no checkboxes.
   */
  selectionActions?: (selected: readonly PlaylistTrack[], clearSelection: () => void) => ReactNode;
  /**
   * A row's drag starts: the dragged row, or every checked one when it is
   * checked, may be described on the drag for drops outside the list (the
   * library tree moves or copies them).
   */
  onDragTracks?: (dataTransfer: DataTransfer, tracks: readonly PlaylistTrack[]) => void;
}

/**
 * The tracks of one version in playing order: drag a row (or use the
 * arrows) to reorder, remove one to the trash, play one in the page's
 * player, check some to act on them together; the total count and
 * duration on top.
 */
export function VersionTracks({
  versionName,
  tracks,
  onReorder,
  onRemove,
  onFilesDropped,
  actions,
  selectionActions,
  onDragTracks,
}: VersionTracksProps) {
  const bigScreen = useBigScreen();
  const [order, setOrder] = useState<PlaylistTrack[]>([...tracks]);
  const [dragged, setDraggedState] = useState<number | null>(null);
  // Drag events of one gesture may arrive before a render: they read the ref.
  const draggedRef = useRef<number | null>(null);
  const setDragged = (index: number | null) => {
    draggedRef.current = index;
    setDraggedState(index);
  };
  const [filesOver, setFilesOver] = useState(false);
  const [saving, setSaving] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  // The server's order wins whenever it answers anew.
  useEffect(() => setOrder([...tracks]), [tracks]);

  const total = order.reduce((sum, track) => sum + track.song.durationMs, 0);
  // Read once a render: the marks change with the day, and the page is re-read on any change.
  const now = Date.now();
  const fallout = falloutSummary(order, now);
  // Tracks that left the version (moved away, removed) are no longer checked.
  const selectedTracks = order.filter((track) => selected.has(track.entryId));
  const clearSelection = () => setSelected(new Set());
  const check = (entryId: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(entryId);
      else next.delete(entryId);
      return next;
    });

  const save = async (next: PlaylistTrack[]) => {
    const previous = order;
    setOrder(next);
    setSaving(true);
    try {
      await onReorder(next.map((track) => track.entryId));
    } catch {
      setOrder(previous);
    } finally {
      setSaving(false);
    }
  };

  const handleDragOver = (event: DragEvent<HTMLElement>, index: number) => {
    const from = draggedRef.current;
    if (from === null || ![...event.dataTransfer.types].includes(ORDER_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (index !== from) {
      setOrder((current) => moveItem(current, from, index));
      setDragged(index);
    }
  };

  const handleDrop = (event: DragEvent<HTMLElement>) => {
    if (draggedRef.current === null) return;
    event.preventDefault();
    setDragged(null);
    const changed = order.some((track, index) => track.entryId !== tracks[index]?.entryId);
    if (changed) void save(order);
  };

  const takesFiles = (event: DragEvent<HTMLElement>) =>
    Boolean(onFilesDropped) && carriesFiles(event.dataTransfer);

  return (
    <section
      className={`version-tracks${filesOver ? " is-drop-target" : ""}`}
      aria-label={`Треки версии «${versionName}»`}
      aria-busy={saving}
      onDragOver={(event) => {
        if (!takesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setFilesOver(true);
      }}
      onDragLeave={() => setFilesOver(false)}
      onDrop={(event) => {
        if (!takesFiles(event)) return;
        event.preventDefault();
        setFilesOver(false);
        onFilesDropped?.([...event.dataTransfer.files]);
      }}
    >
      <div className="version-tracks__header">
        <p className="version-tracks__total">
          Треков: {order.length} · Общая длительность: {formatDuration(total)}
        </p>
        {actions && <div className="version-tracks__actions">{actions}</div>}
      </div>
      {fallout && (
        <p className="version-tracks__fallout" role="status">
          <Icon name="alert" size={16} /> {fallout}
        </p>
      )}
      {selectionActions && selectedTracks.length > 0 && (
        <div className="list-toolbar__selection">
          <span>Выбрано: {selectedTracks.length}</span>
          {selectionActions(selectedTracks, clearSelection)}
        </div>
      )}
      {order.length === 0 ? (
        <EmptyState icon="music" title="В версии пока нет треков">
          Нажмите кнопку «Создать» для добавления трека
        </EmptyState>
      ) : (
        <ol className="version-tracks__list">
          {order.map((track, index) => {
            const title = track.song.title;
            const risk = falloutOf(track, now);
            return (
              <li
                key={track.entryId}
                className={`version-track${dragged === index ? " is-dragged" : ""}${risk?.kind === "barred" ? " is-barred" : ""}`}
                draggable
                aria-label={title}
                onDragStart={(event) => {
                  event.dataTransfer.setData(ORDER_DRAG_TYPE, track.entryId);
                  event.dataTransfer.effectAllowed = "move";
                  onDragTracks?.(
                    event.dataTransfer,
                    selected.has(track.entryId) ? selectedTracks : [track],
                  );
                  setDragged(index);
                }}
                onDragOver={(event) => handleDragOver(event, index)}
                onDrop={handleDrop}
                onDragEnd={() => {
                  if (draggedRef.current !== null) {
                    setDragged(null);
                    setOrder([...tracks]);
                  }
                }}
              >
                <span className="version-track__grip" aria-hidden="true">
                  <Icon name="grip" size={16} />
                </span>
                {selectionActions && (
                  <input
                    type="checkbox"
                    className="version-track__check"
                    aria-label={`Выбрать «${title}»`}
                    checked={selected.has(track.entryId)}
                    onChange={(event) => check(track.entryId, event.target.checked)}
                  />
                )}
                <span className="version-track__position">{index + 1}</span>
                <PlayButton track={{ songId: track.song.id, title, artists: track.song.artists }} />
                <span className="version-track__text">
                  <span title={title}>
                    {truncateName(
                      title,
                      bigScreen ? TRUNCATION.trackBigScreen : TRUNCATION.trackComputer,
                    )}
                  </span>
                  <span className="version-track__artists">{track.song.artists.join(", ")}</span>
                  {risk && (
                    <span className={`version-track__fallout is-${risk.kind}`}>
                      {falloutText(risk, track.song.copyrightHolder?.name)}
                    </span>
                  )}
                </span>
                <span className="version-track__duration">
                  {formatDuration(track.song.durationMs)}
                </span>
                <span className="version-track__buttons">
                  <IconButton
                    icon="arrow-up"
                    label={`Выше: ${title}`}
                    disabled={index === 0 || saving}
                    onClick={() => void save(moveItem(order, index, index - 1))}
                  />
                  <IconButton
                    icon="arrow-down"
                    label={`Ниже: ${title}`}
                    disabled={index === order.length - 1 || saving}
                    onClick={() => void save(moveItem(order, index, index + 1))}
                  />
                  <IconButton
                    icon="trash"
                    label={`Убрать из версии: ${title}`}
                    onClick={() => onRemove(track)}
                    danger
                  />
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
