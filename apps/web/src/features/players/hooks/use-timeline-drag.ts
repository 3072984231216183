import { DAY_SECONDS, secondsOfTime, timeOfSeconds, WEEKDAYS } from "@fonika/shared";
import { type PointerEvent as ReactPointerEvent, type RefObject, useRef, useState } from "react";
import {
  conflictOf,
  type DayPiece,
  DEFAULT_WINDOW_SECONDS,
  movedWindow,
  resizedEnd,
  resizedStart,
  SNAP_SECONDS,
  snapSeconds,
  type TimelineWindow,
} from "../schedule-layout.ts";

/** A point of the week under the pointer: a day column and seconds into that day. */
interface WeekPoint {
  day: number;
  seconds: number;
}

type DragKind = "create" | "move" | "start" | "end";

interface Drag {
  kind: DragKind;
  /** The window as it was (a new one for `create`). */
  origin: TimelineWindow;
  /** Where the pointer went down (move: to keep the grip on the window). */
  from: WeekPoint | null;
  startDay: number;
  /** The window as it would be if dropped now; null while off the grid. */
  candidate: TimelineWindow | null;
  conflict: string | null;
}

interface TimelineDragOptions {
  /** The element holding the visible day columns. */
  daysRef: RefObject<HTMLElement | null>;
  /** The day columns shown, in order (all seven, or the one day on a phone). */
  visibleDays: readonly number[];
  windows: readonly TimelineWindow[];
  /** Called with a window dropped where it fits. */
  onDrop: (window: TimelineWindow) => void;
  /** Called with the conflict of a window dropped where it does not fit. */
  onRefused: (conflict: string) => void;
}

/**
 * Dragging on the week with pointer events (mouse, pen and touch alike): a
 * playlist from the palette onto a day and hour, a window's body to move it,
 * its edges to resize it. Every position snaps to 15 minutes and is checked
 * against the other windows while the pointer moves.
 */
export function useTimelineDrag({
  daysRef,
  visibleDays,
  windows,
  onDrop,
  onRefused,
}: TimelineDragOptions) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  /** Set when a drag moved something, so the click that ends it opens no form. */
  const movedRef = useRef(false);

  const update = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const pointAt = (clientX: number, clientY: number): WeekPoint | null => {
    const element = daysRef.current;
    if (!element) return null;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    if (clientX < box.left || clientX > box.right) return null;
    const column = Math.min(
      visibleDays.length - 1,
      Math.floor(((clientX - box.left) / box.width) * visibleDays.length),
    );
    const ratio = Math.min(1, Math.max(0, (clientY - box.top) / box.height));
    return { day: visibleDays[column] ?? 0, seconds: ratio * DAY_SECONDS };
  };

  const candidateAt = (current: Drag, point: WeekPoint): TimelineWindow | null => {
    const { origin } = current;
    const originStart = secondsOfTime(origin.startTime);
    switch (current.kind) {
      case "create": {
        const start = snapSeconds(point.seconds - SNAP_SECONDS / 2, 0, DAY_SECONDS - SNAP_SECONDS);
        return movedWindow({ ...origin, weekdays: [WEEKDAYS[point.day] ?? "MONDAY"] }, 0, start);
      }
      case "move": {
        if (!current.from) return null;
        const days = point.day - current.from.day;
        const start = snapSeconds(
          originStart + point.seconds - current.from.seconds,
          0,
          DAY_SECONDS - SNAP_SECONDS,
        );
        return movedWindow(origin, days, start);
      }
      case "end": {
        const week = WEEKDAYS.length * DAY_SECONDS;
        const length =
          ((((point.day - current.startDay) * DAY_SECONDS + point.seconds - originStart) % week) +
            week) %
          week;
        return resizedEnd(origin, snapSeconds(length, SNAP_SECONDS, DAY_SECONDS));
      }
      case "start":
        return point.day === current.startDay
          ? resizedStart(origin, snapSeconds(point.seconds))
          : null;
    }
  };

  const begin = (event: ReactPointerEvent<HTMLElement>, next: Drag) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    movedRef.current = false;
    update(next);
  };

  const handleMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = dragRef.current;
    if (!current) return;
    const point = pointAt(event.clientX, event.clientY);
    const candidate = point ? candidateAt(current, point) : null;
    const changed =
      candidate !== null &&
      (current.kind === "create" ||
        candidate.startTime !== current.origin.startTime ||
        candidate.endTime !== current.origin.endTime ||
        candidate.weekdays.join() !== current.origin.weekdays.join());
    movedRef.current = movedRef.current || changed;
    const others = windows.filter((window) => window.id !== current.origin.id);
    update({
      ...current,
      candidate,
      conflict: candidate ? conflictOf(candidate, others) : null,
    });
  };

  const handleUp = () => {
    const current = dragRef.current;
    update(null);
    // The click that follows a pointerup comes in the same task; after it, a
    // keyboard's click must open the form again.
    setTimeout(() => {
      movedRef.current = false;
    }, 0);
    if (!current?.candidate || !movedRef.current) return;
    if (current.conflict) onRefused(current.conflict);
    else onDrop(current.candidate);
  };

  /** Pointer handlers for a playlist in the palette: dropping it on the week makes a window. */
  const paletteHandlers = (playlist: { playlistId: string; name: string }) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) =>
      begin(event, {
        kind: "create",
        origin: {
          id: "",
          playlistId: playlist.playlistId,
          playlistName: playlist.name,
          playable: true,
          startTime: "00:00:00",
          endTime: timeOfSeconds(DEFAULT_WINDOW_SECONDS),
          weekdays: ["MONDAY"],
        },
        from: null,
        startDay: 0,
        candidate: null,
        conflict: null,
      }),
    onPointerMove: handleMove,
    onPointerUp: handleUp,
    onPointerCancel: () => update(null),
  });

  /** Pointer handlers for a piece of a window: its body moves it, its edges resize it. */
  const pieceHandlers = (piece: DayPiece, kind: "move" | "start" | "end") => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) =>
      begin(event, {
        kind,
        origin: piece.window,
        from: pointAt(event.clientX, event.clientY),
        startDay: piece.startDay,
        candidate: null,
        conflict: null,
      }),
    onPointerMove: handleMove,
    onPointerUp: handleUp,
    onPointerCancel: () => update(null),
  });

  return {
    drag,
    paletteHandlers,
    pieceHandlers,
    /** Whether the click ending a pointer gesture should be ignored (it moved a window). */
    consumeMoved: () => {
      const moved = movedRef.current;
      movedRef.current = false;
      return moved;
    },
  };
}
