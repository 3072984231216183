import { MESSAGES } from "@fonika/shared";
import { type KeyboardEvent, memo, useEffect, useId, useMemo, useRef, useState } from "react";
import { Field } from "../../../components/ui/field.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import {
  filterTimeZones,
  localTimeIn,
  matchTimeZone,
  type TimeZoneOption,
  timeZoneLabel,
  timeZoneOptions,
} from "../../../lib/time-zones.ts";
import "../establishments.css";

/** The field's label: a browser test finds the combobox by it. */
export const TIME_ZONE_LABEL = "Часовой пояс";
const LIST_LABEL = "Часовые пояса";
const TOGGLE_LABEL = "Показать все часовые пояса";

/** What the line under the field says when typed text chose nothing (the saved zone stays). */
const NOT_CHOSEN = {
  several: (text: string, kept: string) =>
    `«${text}» подходит к нескольким поясам — выберите один в списке. Остался ${kept}.`,
  none: (text: string, kept: string) => `Часового пояса «${text}» нет. Остался ${kept}.`,
};

interface ZoneOptionProps {
  id: string;
  option: TimeZoneOption;
  active: boolean;
  chosen: boolean;
  onChoose: (option: TimeZoneOption) => void;
}

/**
 * One zone of the list, named by its label and described by its country
 * and IANA name. Memoized: an arrow press redraws two of some 400 options.
 */
const ZoneOption = memo(function ZoneOption({
  id,
  option,
  active,
  chosen,
  onChoose,
}: ZoneOptionProps) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input takes the keys (aria-activedescendant); an option never has the focus.
    <div
      id={id}
      role="option"
      tabIndex={-1}
      className={`time-zone-option${active ? " is-active" : ""}${chosen ? " is-chosen" : ""}`}
      aria-selected={active}
      aria-label={option.label}
      aria-describedby={`${id}-detail`}
      // The input keeps the focus: a press must not blur it and settle the text first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(option)}
    >
      <span className="time-zone-option__name">
        {option.label}
        {chosen && <Icon name="check" size={16} />}
      </span>
      <span id={`${id}-detail`} className="time-zone-option__detail">
        {option.detail}
      </span>
    </div>
  );
});

interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
  error?: string | null;
}

/**
 * An IANA time zone picked in one combobox (WAI-ARIA combobox with a
 * listbox): the input always shows the zone that will be saved; typing
 * narrows the list by Russian name, IANA name or offset ("Екат", "Asia/",
 * "UTC+5"). Leaving the field, or Enter, picks the zone the text names
 * without doubt (`matchTimeZone`); otherwise the saved zone comes back and
 * the line under the field says why. Arrows move through the list, Enter
 * picks, Escape closes and restores the saved zone.
 */
export function TimeZoneField({ value, onChange, error }: TimeZoneFieldProps) {
  const inputId = useId();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  /** A press that is focusing the input: its release must not undo the select-all below. */
  const focusingPress = useRef(false);
  /** What the person has typed since the field last showed the saved zone; null: nothing. */
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [notice, setNotice] = useState<string | null>(null);

  // Naming some 400 zones takes Intl a few hundred milliseconds the first
  // time: the list is built when the field is first focused, not with the form.
  const [wanted, setWanted] = useState(false);
  const options = useMemo(
    () => (wanted ? timeZoneOptions(value ? [value] : []) : []),
    [wanted, value],
  );
  const shown = useMemo(
    () => (draft === null ? options : filterTimeZones(options, draft)),
    [options, draft],
  );
  const savedLabel = value ? timeZoneLabel(value) : "";
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const activeId = open && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  // A long list scrolls to keep the highlighted option in sight.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: "nearest" });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };

  const choose = (option: TimeZoneOption) => {
    close();
    setDraft(null);
    setNotice(null);
    if (option.value !== value) onChange(option.value);
  };

  // The options keep one handler for their life, so that memo spares them; it calls the latest `choose`.
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  const [chooseLatest] = useState(() => (option: TimeZoneOption) => chooseRef.current(option));

  /** Leaving or Enter: the typed text becomes a zone, or the saved one comes back. */
  const settle = () => {
    const active = open && activeIndex >= 0 ? shown[activeIndex] : undefined;
    if (active) {
      choose(active);
      return;
    }
    close();
    if (draft === null) return;
    setDraft(null);
    const typed = draft.trim();
    if (!typed) {
      setNotice(null);
      return;
    }
    const match = matchTimeZone(options, typed);
    if (match.kind === "one") {
      choose(match.option);
      return;
    }
    setNotice(NOT_CHOSEN[match.kind](typed, savedLabel));
  };

  const openAt = (index: number) => {
    setOpen(true);
    setActiveIndex(index);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = shown.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (count === 0) {
          setOpen(true);
          return;
        }
        if (!open || activeIndex < 0) {
          // Opening the whole list starts at the saved zone; a narrowed one at its end.
          const saved = draft === null ? shown.findIndex((option) => option.value === value) : -1;
          openAt(saved >= 0 ? saved : event.key === "ArrowDown" ? 0 : count - 1);
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActiveIndex((activeIndex + step + count) % count);
        return;
      }
      case "Home":
      case "End":
        if (!open || count === 0) return;
        event.preventDefault();
        setActiveIndex(event.key === "Home" ? 0 : count - 1);
        return;
      case "Enter":
        // With nothing typed and the list closed, Enter submits the form.
        if (!open && draft === null) return;
        event.preventDefault();
        settle();
        return;
      case "Escape":
        if (!open && draft === null) return;
        event.preventDefault();
        close();
        setDraft(null);
        setNotice(null);
        return;
    }
  };

  const now = value ? localTimeIn(value) : null;
  const hint = notice ?? (now ? `Сейчас там ${now}` : "");
  const status = open && shown.length === 0 ? MESSAGES.nothingFound : null;

  return (
    <Field id={inputId} label={TIME_ZONE_LABEL} message={error} hint={hint}>
      <div className="time-zone-field">
        <div className="time-zone-field__box">
          <input
            ref={inputRef}
            id={inputId}
            className="input time-zone-field__input"
            type="text"
            role="combobox"
            value={draft ?? savedLabel}
            placeholder="Город или UTC+3"
            maxLength={64}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="done"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${inputId}-message`}
            onChange={(event) => {
              setDraft(event.target.value);
              setNotice(null);
              openAt(-1);
            }}
            // All selected on focus, so that typing replaces the shown zone.
            onFocus={(event) => {
              setWanted(true);
              event.target.select();
            }}
            onMouseDown={(event) => {
              focusingPress.current = document.activeElement !== event.currentTarget;
            }}
            onMouseUp={(event) => {
              if (focusingPress.current) event.preventDefault();
              focusingPress.current = false;
            }}
            onClick={() => setOpen(true)}
            onBlur={settle}
            onKeyDown={handleKeyDown}
          />
          <button
            type="button"
            className="time-zone-field__toggle"
            tabIndex={-1}
            aria-label={TOGGLE_LABEL}
            aria-controls={listboxId}
            aria-expanded={open}
            // The input keeps the focus: a press must not blur it and settle the text first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (open) close();
              else {
                setDraft(null);
                setOpen(true);
              }
              inputRef.current?.focus();
            }}
          >
            <Icon name="chevron-down" />
          </button>
        </div>
        <div className="dropdown-panel" hidden={!open}>
          <p className="time-zone-field__status" role="status">
            {status}
          </p>
          <div
            className="time-zone-field__list"
            id={listboxId}
            role="listbox"
            aria-label={LIST_LABEL}
          >
            {open &&
              shown.map((option, index) => (
                <ZoneOption
                  key={option.value}
                  id={optionId(index)}
                  option={option}
                  active={index === activeIndex}
                  chosen={option.value === value}
                  onChoose={chooseLatest}
                />
              ))}
          </div>
        </div>
      </div>
    </Field>
  );
}
