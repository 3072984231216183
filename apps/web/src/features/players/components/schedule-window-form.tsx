import { MESSAGES, WEEKDAYS, type Weekday } from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import {
  conflictOf,
  scheduleTimeOf,
  type TimelineWindow,
  WEEKDAY_NAMES,
} from "../schedule-layout.ts";

export interface ScheduleFormPlaylist {
  playlistId: string;
  name: string;
}

interface ScheduleWindowFormProps {
  /** The playlists a window may take (the player's playable ones, and the edited window's own). */
  playlists: readonly ScheduleFormPlaylist[];
  /** The window being changed; a new window when absent. */
  window?: TimelineWindow;
  /** The player's windows, to show a conflict before saving. */
  windows: readonly TimelineWindow[];
  busy: boolean;
  /** The server's refusal of the last save, if any. */
  serverError: string | null;
  onSave: (window: TimelineWindow) => void;
  onRemove?: () => void;
  onCancel: () => void;
}

const NO_DAYS = "Выберите хотя бы один день недели";

/**
 * The keyboard way to make or change a window: a playlist, days, and start
 * and end times (`HH:MM:SS`, `HH:MM` taken too). A window that would overlap
 * another is named before saving, and cannot be saved.
 */
export function ScheduleWindowForm({
  playlists,
  window,
  windows,
  busy,
  serverError,
  onSave,
  onRemove,
  onCancel,
}: ScheduleWindowFormProps) {
  const formId = useId();
  const [playlistId, setPlaylistId] = useState(
    window?.playlistId ?? playlists[0]?.playlistId ?? "",
  );
  const [weekdays, setWeekdays] = useState<Weekday[]>(window?.weekdays ?? []);
  const [start, setStart] = useState(window?.startTime ?? "");
  const [end, setEnd] = useState(window?.endTime ?? "");
  const [tried, setTried] = useState(false);

  const startTime = scheduleTimeOf(start);
  const endTime = scheduleTimeOf(end);
  const startError = (tried || start !== "") && startTime === null ? MESSAGES.invalidTime : null;
  const endError = (tried || end !== "") && endTime === null ? MESSAGES.invalidTime : null;
  const daysError = tried && weekdays.length === 0 ? NO_DAYS : null;
  const playlistName = playlists.find((playlist) => playlist.playlistId === playlistId)?.name ?? "";
  const candidate: TimelineWindow | null =
    startTime && endTime && weekdays.length > 0 && playlistId
      ? {
          id: window?.id ?? "",
          playlistId,
          playlistName,
          playable: true,
          startTime,
          endTime,
          weekdays,
        }
      : null;
  const conflict = candidate ? conflictOf(candidate, windows) : null;

  const toggleDay = (day: Weekday, on: boolean) =>
    setWeekdays((days) => WEEKDAYS.filter((each) => (each === day ? on : days.includes(each))));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (candidate && !conflict) onSave(candidate);
  };

  return (
    <form
      className="schedule-form"
      aria-label={window ? "Изменить окно расписания" : "Новое окно расписания"}
      onSubmit={handleSubmit}
      noValidate
    >
      <SelectField
        label="Плейлист"
        value={playlistId}
        options={playlists.map((playlist) => ({
          value: playlist.playlistId,
          label: playlist.name,
        }))}
        onChange={setPlaylistId}
      />
      <fieldset className="schedule-form__days">
        <legend className="field__label">Дни недели</legend>
        {WEEKDAYS.map((day) => (
          <Checkbox
            key={day}
            checked={weekdays.includes(day)}
            onChange={(on) => toggleDay(day, on)}
          >
            {WEEKDAY_NAMES[day]}
          </Checkbox>
        ))}
        <div className="field__message" aria-live="polite">
          {daysError ?? ""}
        </div>
      </fieldset>
      <div className="schedule-form__times">
        <Field id={`${formId}-start`} label="Начало" message={startError} hint="ЧЧ:ММ:СС">
          <input
            id={`${formId}-start`}
            className="input"
            inputMode="numeric"
            placeholder="07:00:00"
            maxLength={8}
            value={start}
            aria-invalid={startError ? true : undefined}
            aria-describedby={`${formId}-start-message`}
            onChange={(event) => setStart(event.target.value)}
          />
        </Field>
        <Field
          id={`${formId}-end`}
          label="Конец"
          message={endError}
          hint="раньше начала — до следующего дня"
        >
          <input
            id={`${formId}-end`}
            className="input"
            inputMode="numeric"
            placeholder="11:00:00"
            maxLength={8}
            value={end}
            aria-invalid={endError ? true : undefined}
            aria-describedby={`${formId}-end-message`}
            onChange={(event) => setEnd(event.target.value)}
          />
        </Field>
      </div>
      {(conflict ?? serverError) && (
        <p className="schedule-conflict" role="alert">
          {conflict ?? serverError}
        </p>
      )}
      <div className="schedule-form__actions">
        <Button type="submit" busy={busy} disabled={Boolean(conflict)}>
          {window ? "Сохранить окно" : "Добавить окно"}
        </Button>
        {onRemove && (
          <Button variant="danger" icon="close" onClick={onRemove} disabled={busy}>
            Удалить окно
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
