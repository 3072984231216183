import {
  DAY_SECONDS,
  type EstablishmentWeek,
  type Player,
  WEEKDAYS,
  wallClockAt,
} from "@fonika/shared";
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "react-toastify";
import { useMediaQuery } from "../../../components/layouts/use-media-query.ts";
import { Button } from "../../../components/ui/button.tsx";
import { DisclosureSection } from "../../../components/ui/disclosure-section.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Sheet } from "../../../components/ui/sheet.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatCount } from "../../../lib/format.ts";
import { useEstablishmentWeek } from "../api/get-establishment-week.ts";
import { usePlayerPlaylists } from "../api/list-player-playlists.ts";
import { useRemoveScheduleWindow } from "../api/remove-schedule-window.ts";
import { useSaveScheduleWindow } from "../api/save-schedule-window.ts";
import { useTimelineDrag } from "../hooks/use-timeline-drag.ts";
import {
  type DayPiece,
  dayPieces,
  dayToShow,
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

/** The form open, and what opened it (the sheet is placed beside it on a wide screen). */
type Editing =
  | { kind: "new"; anchor: HTMLElement }
  | { kind: "window"; window: TimelineWindow; anchor: HTMLElement }
  | null;

/** The section's frame, folded on a phone until opened (player-view's order, issue 28). */
function ScheduleSection({
  summary,
  actions,
  children,
}: {
  summary?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <DisclosureSection
      title="Расписание"
      rememberAs="player.schedule"
      summary={summary}
      actions={actions}
    >
      {children}
    </DisclosureSection>
  );
}

/** How the closed section says what it holds. */
function windowsSummary(count: number): string {
  return count === 0 ? "Окон нет" : formatCount(count, ["окно", "окна", "окон"]);
}

/**
 * Scrolls a window into sight with the name of its day: the week's top (the
 * day tabs, or the days' heads) under the page's header when the window's
 * start is on the screen from there, else the window in the middle.
 */
function revealWindow(body: HTMLElement, weekTop: HTMLElement | null) {
  if (weekTop) {
    const fromTop = body.getBoundingClientRect().top - weekTop.getBoundingClientRect().top;
    const header = Number.parseFloat(
      getComputedStyle(document.documentElement).getPropertyValue("--topbar-height"),
    );
    // The window's start and a line of it under the week's top, below the header.
    if (fromTop + 48 <= window.innerHeight - (Number.isNaN(header) ? 0 : header) - 16) {
      weekTop.scrollIntoView?.({ block: "start" });
      return;
    }
  }
  body.scrollIntoView?.({ block: "center" });
}

/** The window of the week answer that the player's windows before a save did not have. */
function newWindowOf(
  week: EstablishmentWeek,
  playerId: string,
  before: readonly TimelineWindow[],
): TimelineWindow | undefined {
  const known = new Set(before.map((window) => window.id));
  return week.players
    .find((each) => each.playerId === playerId)
    ?.windows.find((window) => !known.has(window.id));
}

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
 * dragging and typing, before anything is sent. The form opens where it was
 * asked for (issue 28): a sheet from the bottom on a phone, a panel beside
 * the button or the window on a wide screen; a window saved from it is then
 * shown on its day, scrolled to and marked.
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
  /** The window last saved from the form: marked, and brought into view once drawn. */
  const [shown, setShown] = useState<string | null>(null);
  const revealing = useRef(false);
  const daysRef = useRef<HTMLDivElement>(null);
  /** Where the week names its days: the day tabs on a phone, else the grid's head row. */
  const weekTopRef = useRef<HTMLDivElement>(null);
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

  const persist = (window: TimelineWindow, done?: (week: EstablishmentWeek) => void) => {
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
        onSuccess: (week) => {
          toast.success(window.id ? "Окно расписания сохранено" : "Окно добавлено в расписание");
          done?.(week);
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

  /** After a save from the form: its day is the one shown (a phone shows one), and it is scrolled to. */
  const showSaved = (window: TimelineWindow, week: EstablishmentWeek) => {
    const saved = window.id ? window : newWindowOf(week, player.id, windows);
    setDay(dayToShow(window.weekdays, day));
    if (!saved) return;
    setShown(saved.id);
    revealing.current = true;
  };

  useEffect(() => {
    if (!revealing.current || !shown) return;
    const body = daysRef.current?.querySelector<HTMLElement>(
      `[data-window-id="${shown}"] .schedule-piece__body`,
    );
    if (!body) return;
    revealing.current = false;
    body.focus({ preventScroll: true });
    revealWindow(body, weekTopRef.current);
  });

  if (week.isError || playlists.isError) {
    return (
      <ScheduleSection>
        <EmptyState icon="alert" title="Не удалось загрузить расписание">
          {errorText(week.error ?? playlists.error)}
        </EmptyState>
      </ScheduleSection>
    );
  }
  if (!week.data || !playlists.data) {
    return (
      <ScheduleSection>
        <div className="players-skeleton" aria-busy="true">
          <Skeleton width="60%" />
          <Skeleton width="90%" height="200px" />
        </div>
      </ScheduleSection>
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
        data-window-id={piece.window.id}
        className={`schedule-piece${piece.window.playable ? "" : " schedule-piece--off"}${faded ? " schedule-piece--moving" : ""}${piece.window.id === shown ? " schedule-piece--added" : ""}`}
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
          onClick={(event) => {
            if (dragging.consumeMoved()) return;
            save.reset();
            setEditing({ kind: "window", window: piece.window, anchor: event.currentTarget });
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
    <ScheduleSection
      summary={windowsSummary(windows.length)}
      actions={
        canEdit &&
        playable.length > 0 && (
          <Button
            variant="secondary"
            icon="plus"
            onClick={(event) => {
              save.reset();
              setEditing({ kind: "new", anchor: event.currentTarget });
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
        <div
          className="schedule-tabs"
          role="tablist"
          aria-label="День недели"
          ref={oneDay ? weekTopRef : undefined}
        >
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
        <div className="schedule-grid__heads" ref={oneDay ? undefined : weekTopRef}>
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
        <Sheet
          title={editing.kind === "window" ? "Окно расписания" : "Новое окно"}
          anchor={editing.anchor}
          onClose={() => setEditing(null)}
        >
          <ScheduleWindowForm
            key={editing.kind === "window" ? editing.window.id : "new"}
            playlists={formPlaylists}
            window={editing.kind === "window" ? editing.window : undefined}
            windows={windows}
            busy={save.isPending || remove.isPending}
            serverError={
              save.error ? errorText(save.error) : remove.error ? errorText(remove.error) : null
            }
            onSave={(window) =>
              persist(window, (answer) => {
                setEditing(null);
                showSaved(window, answer);
              })
            }
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
        </Sheet>
      )}
    </ScheduleSection>
  );
}
