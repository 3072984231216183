import { MESSAGES } from "@fonika/shared";
import { useId, useMemo, useState } from "react";
import { Field } from "../../../components/ui/field.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { filterTimeZones, localTimeIn, timeZoneOptions } from "../../../lib/time-zones.ts";
import "../establishments.css";

interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
  error?: string | null;
}

/**
 * An IANA time zone chosen from the runtime's list, narrowed by a search
 * over city, IANA name and offset ("Новосибирск", "Asia/", "UTC+7"). The
 * browser's own zone comes first; the chosen one always stays listed.
 */
export function TimeZoneField({ value, onChange, error }: TimeZoneFieldProps) {
  const selectId = useId();
  const [text, setText] = useState("");
  const options = useMemo(() => timeZoneOptions(value ? [value] : []), [value]);
  const found = useMemo(() => filterTimeZones(options, text), [options, text]);
  const chosen = options.find((option) => option.value === value);
  const shown = chosen && !found.includes(chosen) ? [chosen, ...found] : found;
  const now = value ? localTimeIn(value) : null;
  const hint = text && found.length === 0 ? MESSAGES.nothingFound : now ? `Сейчас там ${now}` : "";

  return (
    <Field id={selectId} label="Часовой пояс" message={error} hint={hint}>
      <div className="time-zone-field">
        <div className="time-zone-field__search">
          <Icon name="search" className="time-zone-field__icon" />
          <input
            className="input time-zone-field__input"
            type="search"
            aria-label="Поиск часового пояса"
            placeholder="Город или UTC+3"
            value={text}
            maxLength={64}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <select
          id={selectId}
          className="input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${selectId}-message`}
          onChange={(event) => onChange(event.target.value)}
        >
          {!chosen && <option value="">Выберите часовой пояс</option>}
          {shown.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}
