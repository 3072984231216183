import { MESSAGES, WEEKDAYS, type Weekday } from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import {
  conflictOf,
  sameWeekdays,
  scheduleTimeOf,
  shortTime,
  type TimelineWindow,
  typedTime,
  WEEKDAY_NAMES,
  WEEKDAY_PRESETS,
  WEEKDAY_SHORT,
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

interface TimeFieldProps {
  id: string;
  label: string;
  value: string;
  /** The typed value is not a time. */
  error: string | null;
  hint: string;
  placeholder: string;
  onChange: (value: string) => void;
  /** The field was left: a time typed short is written out as `HH:MM`. */
  onLeave: () => void;
}

/** A time of day typed as `ЧЧ:ММ`, 24 hours, with the digit pad on a phone. */
function TimeField({
  id,
  label,
  value,
  error,
  hint,
  placeholder,
  onChange,
  onLeave,
}: TimeFieldProps) {
  return (
    <Field id={id} label={label} message={error} hint={hint}>
      <input
        id={id}
        className="input schedule-form__time"
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        maxLength={8}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        onChange={(event) => onChange(typedTime(event.target.value))}
        onBlur={onLeave}
      />
    </Field>
  );
}

/** A time as the form shows it: `HH:MM` (seconds only when a window has them). */
function shownTime(time: string | undefined): string {
  return time ? shortTime(time) : "";
}

/**
 * The keyboard's and the phone's way to make or change a window: a
 * playlist, days (weekdays, the weekend or every day at one tap, or days one
 * by one), and start and end as `ЧЧ:ММ` in 24 hours (`0930` and `930` taken
 * too; sent as `HH:MM:SS`). A window that would overlap another is named
 * before saving, and cannot be saved.
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
  const [start, setStart] = useState(shownTime(window?.startTime));
  const [end, setEnd] = useState(shownTime(window?.endTime));
  const [left, setLeft] = useState({ start: false, end: false });
  const [tried, setTried] = useState(false);

  const startTime = scheduleTimeOf(start);
  const endTime = scheduleTimeOf(end);
  /** Said once the field was left or the time is typed whole (`ЧЧ:ММ`), not at its first digit. */
  const timeError = (value: string, time: string | null, wasLeft: boolean) =>
    time === null && (tried || (value !== "" && (wasLeft || value.length >= 5)))
      ? MESSAGES.invalidTime
      : null;
  const startError = timeError(start, startTime, left.start);
  const endError = timeError(end, endTime, left.end);
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
  /** A time left typed short is written out, so the owner reads what will be saved. */
  const leave = (field: "start" | "end") => {
    setLeft((was) => ({ ...was, [field]: true }));
    const value = field === "start" ? start : end;
    const time = scheduleTimeOf(value);
    if (time) (field === "start" ? setStart : setEnd)(shortTime(time));
  };

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
        <div className="schedule-form__presets">
          {WEEKDAY_PRESETS.map((preset) => (
            <button
              key={preset.label}
              type="button"
              className="schedule-form__preset"
              aria-pressed={sameWeekdays(weekdays, preset.weekdays)}
              onClick={() => setWeekdays([...preset.weekdays])}
            >
              {preset.label}
            </button>
          ))}
        </div>
        <div className="schedule-form__day-list">
          {WEEKDAYS.map((day) => (
            <label key={day} className="schedule-form__day" title={WEEKDAY_NAMES[day]}>
              <input
                type="checkbox"
                aria-label={WEEKDAY_NAMES[day]}
                checked={weekdays.includes(day)}
                onChange={(event) => toggleDay(day, event.target.checked)}
              />
              <span aria-hidden="true">{WEEKDAY_SHORT[day]}</span>
            </label>
          ))}
        </div>
        <div className="field__message" aria-live="polite">
          {daysError ?? ""}
        </div>
      </fieldset>
      <div className="schedule-form__times">
        <TimeField
          id={`${formId}-start`}
          label="Начало"
          value={start}
          error={startError}
          hint="ЧЧ:ММ, 24 часа"
          placeholder="09:00"
          onChange={setStart}
          onLeave={() => leave("start")}
        />
        <TimeField
          id={`${formId}-end`}
          label="Конец"
          value={end}
          error={endError}
          hint="раньше начала — до следующего дня"
          placeholder="18:00"
          onChange={setEnd}
          onLeave={() => leave("end")}
        />
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
