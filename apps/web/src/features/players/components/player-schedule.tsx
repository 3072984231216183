import { DAY_SECONDS, type Player, WEEKDAYS, wallClockAt } from "@fonika/shared";
import { type CSSProperties, useMemo, useRef, useState } from "react";
import { toast } from "react-toastify";
import { useMediaQuery } from "../../../components/layouts/use-media-query.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useEstablishmentWeek } from "../api/get-establishment-week.ts";
import { usePlayerPlaylists } from "../api/list-player-playlists.ts";
import { useRemoveScheduleWindow } from "../api/remove-schedule-window.ts";
import { useSaveScheduleWindow } from "../api/save-schedule-window.ts";
import { useTimelineDrag } from "../hooks/use-timeline-drag.ts";
import {
  type DayPiece,
  dayPieces,
  describeWindow,
  PLAYLIST_COLOURS,
  type TimelineWindow,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT,
} from "../schedule-layout.ts";
import { FallbackPlaylist } from "./fallback-playlist.tsx";
import { ScheduleWindowForm } from "./schedule-window-form.tsx";
import "../schedule.css";
import { timeZoneLabel } from "../../../lib/time-zones.ts";

/** Below this width the week shows one day at a time, chosen by tabs. */
const ONE_DAY_QUERY = "(max-width: 719.98px)";
const HOURS = Array.from({ length: 25 }, (_, hour) => hour);

type Editing = { kind: "new" } | { kind: "window"; window: TimelineWindow } | null;

/** Today's column (Monday first) on the venue's wall clock, where a phone opens its day tabs. */
function todayColumn(timeZone: string): number {
  return Math.floor(wallClockAt(Date.now(), timeZone).weekSecond / DAY_SECONDS);
}

function pieceStyle(from: number, to: number, colour: string): CSSProperties {
  return {
    top: `${(from / 86_400) * 100}%`,
    height: `${((to - from) / 86_400) * 100}%`,
    background: colour,
  };
}

/**
 * A player's week (issue 13): windows of its playlists on a 7 × 24 grid in
 * the venue's time zone, coloured by playlist; a playlist dragged from the
 * palette onto a day and hour makes a window, a window's body moves it and
 * its edges resize it; every window opens a form (the keyboard's way) to
 * change or remove it. A conflict with another window is named while
 * dragging and typing, before anything is sent.
 */
export function PlayerSchedule({ player }: { player: Player }) {
  const week = useEstablishmentWeek(player.establishmentId);
  const playlists = usePlayerPlaylists(player.id);
  const save = useSaveScheduleWindow(player.establishmentId);
  const remove = useRemoveScheduleWindow(player.establishmentId);
  const oneDay = useMediaQuery(ONE_DAY_QUERY);
  const [chosenDay, setDay] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const daysRef = useRef<HTMLDivElement>(null);
  const canEdit = player.abilities.edit;

  const entry = week.data?.players.find((each) => each.playerId === player.id);
  const windows: TimelineWindow[] = useMemo(() => entry?.windows ?? [], [entry]);
  const attached = playlists.data ?? [];
  const playable = attached.filter((playlist) => playlist.playable);
  const colourOf = (playlistId: string) => {
    const place = attached.findIndex((playlist) => playlist.playlistId === playlistId);
    return PLAYLIST_COLOURS[(place < 0 ? 0 : place) % PLAYLIST_COLOURS.length] ?? "#777";
  };
  const day = chosenDay ?? (week.data ? todayColumn(week.data.timeZone) : 0);
  const visibleDays = oneDay ? [day] : WEEKDAYS.map((_, index) => index);

  const persist = (window: TimelineWindow, done?: () => void) => {
    setNotice(null);
    save.mutate(
      {
        ...(window.id ? { scheduleId: window.id } : {}),
        playerId: player.id,
        playlistId: window.playlistId,
        startTime: window.startTime,
        endTime: window.endTime,
        weekdays: window.weekdays,
      },
      {
        onSuccess: () => {
          toast.success(window.id ? "Окно расписания сохранено" : "Окно добавлено в расписание");
          done?.();
        },
        onError: (error) => setNotice(errorText(error)),
      },
    );
  };

  const dragging = useTimelineDrag({
    daysRef,
    visibleDays,
    windows,
    onDrop: (window) => persist(window),
    onRefused: (conflict) => setNotice(`Не сохранено: ${conflict}`),
  });
  const { drag } = dragging;

  if (week.isError || playlists.isError) {
    return (
      <Section title="Расписание">
        <EmptyState icon="alert" title="Не удалось загрузить расписание">
          {errorText(week.error ?? playlists.error)}
        </EmptyState>
      </Section>
    );
  }
  if (!week.data || !playlists.data) {
    return (
      <Section title="Расписание">
        <div className="players-skeleton" aria-busy="true">
          <Skeleton width="60%" />
          <Skeleton width="90%" height="200px" />
        </div>
      </Section>
    );
  }

  const pieces = dayPieces(windows);
  const ghost = drag?.candidate ? dayPieces([drag.candidate]) : [];
  const formPlaylists =
    editing?.kind === "window" &&
    !playable.some((playlist) => playlist.playlistId === editing.window.playlistId)
      ? [...playable, { playlistId: editing.window.playlistId, name: editing.window.playlistName }]
      : playable;
  const status = drag
    ? drag.candidate
      ? (drag.conflict ?? describeWindow(drag.candidate))
      : "Перетащите на день и час"
    : notice;

  const renderPiece = (piece: DayPiece) => {
    const label = describeWindow(piece.window);
    const faded = drag && drag.origin.id === piece.window.id;
    return (
      <div
        key={`${piece.window.id}-${piece.day}-${piece.head}`}
        className={`schedule-piece${piece.window.playable ? "" : " schedule-piece--off"}${faded ? " schedule-piece--moving" : ""}`}
        style={pieceStyle(piece.from, piece.to, colourOf(piece.window.playlistId))}
      >
        {canEdit && piece.head && (
          <span
            className="schedule-piece__edge schedule-piece__edge--start"
            aria-hidden="true"
            {...dragging.pieceHandlers(piece, "start")}
          />
        )}
        <button
          type="button"
          className="schedule-piece__body"
          aria-label={`Окно ${label}${piece.head ? "" : ", продолжение после полуночи"}${piece.window.playable ? "" : ", плейлист не входит в тариф"}`}
          disabled={!canEdit}
          {...(canEdit ? dragging.pieceHandlers(piece, "move") : {})}
          onClick={() => {
            if (dragging.consumeMoved()) return;
            save.reset();
            setEditing({ kind: "window", window: piece.window });
          }}
        >
          <span className="schedule-piece__name">{piece.window.playlistName}</span>
          <span className="schedule-piece__time">
            {piece.window.startTime.slice(0, 5)}–{piece.window.endTime.slice(0, 5)}
          </span>
        </button>
        {canEdit && piece.ends && (
          <span
            className="schedule-piece__edge schedule-piece__edge--end"
            aria-hidden="true"
            {...dragging.pieceHandlers(piece, "end")}
          />
        )}
      </div>
    );
  };

  return (
    <Section
      title="Расписание"
      actions={
        canEdit &&
        playable.length > 0 && (
          <Button
            variant="secondary"
            icon="plus"
            onClick={() => {
              save.reset();
              setEditing({ kind: "new" });
            }}
          >
            Добавить окно
          </Button>
        )
      }
    >
      <p className="schedule-zone">
        Время заведения: <strong>{timeZoneLabel(week.data.timeZone)}</strong>
      </p>
      <FallbackPlaylist
        player={player}
        fallbackPlaylistId={entry?.fallbackPlaylistId ?? null}
        playlists={attached}
      />
      {canEdit &&
        (playable.length > 0 ? (
          <div className="schedule-palette">
            <span className="schedule-palette__hint">Перетащите плейлист на день и час:</span>
            <ul className="schedule-palette__list" aria-label="Плейлисты для расписания">
              {playable.map((playlist) => (
                <li
                  key={playlist.playlistId}
                  className="schedule-palette__item"
                  style={{ background: colourOf(playlist.playlistId) }}
                  {...dragging.paletteHandlers(playlist)}
                >
                  {playlist.name}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="schedule-zone">
            Добавьте на плеер плейлист из тарифа, чтобы составить расписание.
          </p>
        ))}
      {oneDay && (
        <div className="schedule-tabs" role="tablist" aria-label="День недели">
          {WEEKDAYS.map((weekday, index) => (
            <button
              key={weekday}
              type="button"
              role="tab"
              aria-selected={index === day}
              aria-label={WEEKDAY_NAMES[weekday]}
              className={`schedule-tabs__tab${index === day ? " is-active" : ""}`}
              onClick={() => setDay(index)}
            >
              {WEEKDAY_SHORT[weekday]}
            </button>
          ))}
        </div>
      )}
      <div className="schedule-status" role="status" aria-live="polite">
        {status && (
          <span className={drag?.conflict || (!drag && notice) ? "schedule-conflict" : undefined}>
            {status}
          </span>
        )}
      </div>
      <div
        className="schedule-grid"
        style={{ "--schedule-days": visibleDays.length } as CSSProperties}
      >
        <div className="schedule-grid__corner" />
        <div className="schedule-grid__heads">
          {visibleDays.map((index) => (
            <div key={index} className="schedule-grid__head">
              {WEEKDAY_NAMES[WEEKDAYS[index] ?? "MONDAY"]}
            </div>
          ))}
        </div>
        <div className="schedule-grid__hours" aria-hidden="true">
          {HOURS.map((hour) => (
            <span key={hour} style={{ top: `${(hour / 24) * 100}%` }}>
              {String(hour).padStart(2, "0")}
            </span>
          ))}
        </div>
        <div className="schedule-grid__days" ref={daysRef}>
          {visibleDays.map((index) => (
            <section
              key={index}
              className="schedule-day"
              aria-label={WEEKDAY_NAMES[WEEKDAYS[index] ?? "MONDAY"]}
            >
              {pieces.filter((piece) => piece.day === index).map(renderPiece)}
              {ghost
                .filter((piece) => piece.day === index)
                .map((piece) => (
                  <div
                    key={`ghost-${piece.day}-${piece.head}`}
                    className={`schedule-ghost${drag?.conflict ? " schedule-ghost--conflict" : ""}`}
                    style={pieceStyle(
                      piece.from,
                      piece.to,
                      drag?.conflict ? "var(--color-danger)" : colourOf(piece.window.playlistId),
                    )}
                    aria-hidden="true"
                  />
                ))}
            </section>
          ))}
        </div>
      </div>
      {editing && (
        <ScheduleWindowForm
          key={editing.kind === "window" ? editing.window.id : "new"}
          playlists={formPlaylists}
          window={editing.kind === "window" ? editing.window : undefined}
          windows={windows}
          busy={save.isPending || remove.isPending}
          serverError={
            save.error ? errorText(save.error) : remove.error ? errorText(remove.error) : null
          }
          onSave={(window) => persist(window, () => setEditing(null))}
          onRemove={
            editing.kind === "window"
              ? () =>
                  remove.mutate(editing.window.id, {
                    onSuccess: () => {
                      setEditing(null);
                      toast.success("Окно удалено из расписания");
                    },
                  })
              : undefined
          }
          onCancel={() => setEditing(null)}
        />
      )}
    </Section>
  );
}
