import type { CatalogEntry } from "@fonika/shared";
import { useId, useState } from "react";
import { Field } from "../../../components/ui/field.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { type CreditKind, useAddCredit, useCreditSearch } from "../api/credits.ts";

/** A catalog entry a song credits. */
export interface Credit {
  id: string;
  name: string;
}

/** What a picker says, by kind. */
const WORDS: Record<CreditKind, { placeholder: string; remove: string }> = {
  author: { placeholder: "Найдите или добавьте автора", remove: "Убрать автора" },
  "copyright-holder": {
    placeholder: "Найдите или добавьте правообладателя",
    remove: "Убрать правообладателя",
  },
};

const SEARCH_PAUSE_MS = 250;

interface CreditPickerProps {
  kind: CreditKind;
  label: string;
  /** The chosen entries, in their order. */
  value: readonly Credit[];
  onChange: (value: Credit[]) => void;
  /** One entry at most (the copyright holder): a choice replaces it. */
  single?: boolean;
  /** The field's own message (what the form refused). */
  message?: string | undefined;
  hint?: string;
}

/**
 * Chooses catalog entries for a song (issue 32): the chosen ones as chips,
 * a search by part of the name as one types, and, when no entry has the
 * very name typed, «Добавить …» makes it in the catalog and chooses it.
 */
export function CreditPicker({
  kind,
  label,
  value,
  onChange,
  single = false,
  message,
  hint,
}: CreditPickerProps) {
  const inputId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const typed = text.replace(/\s+/g, " ").trim();
  const settled = useDebouncedValue(typed, SEARCH_PAUSE_MS);
  const search = useCreditSearch(kind, settled, open);
  const add = useAddCredit(kind);
  const chosen = new Set(value.map((entry) => entry.id));
  const matches = (search.data?.data ?? []).filter((entry) => !chosen.has(entry.id));
  const exact = (search.data?.data ?? []).some(
    (entry) => entry.name.toLowerCase() === typed.toLowerCase(),
  );

  const choose = (entry: CatalogEntry | Credit) => {
    const credit = { id: entry.id, name: entry.name };
    onChange(single ? [credit] : [...value.filter((one) => one.id !== entry.id), credit]);
    setText("");
    setOpen(false);
    add.reset();
  };

  return (
    <Field
      id={inputId}
      label={label}
      message={message ?? (add.error ? errorText(add.error) : null)}
      hint={hint}
    >
      <div className="credit-picker">
        {value.length > 0 && (
          <ul className="credit-picker__chosen" aria-label={`${label}: выбрано`}>
            {value.map((entry) => (
              <li key={entry.id} className="credit-picker__chip">
                <span>{entry.name}</span>
                <button
                  type="button"
                  className="credit-picker__remove"
                  aria-label={`${WORDS[kind].remove} «${entry.name}»`}
                  onClick={() => onChange(value.filter((one) => one.id !== entry.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={inputId}
          className="input"
          value={text}
          placeholder={WORDS[kind].placeholder}
          autoComplete="off"
          maxLength={200}
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") setOpen(false);
          }}
        />
        {open && (typed || matches.length > 0) && (
          <ul className="credit-picker__options">
            {matches.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="credit-picker__option"
                  onClick={() => choose(entry)}
                >
                  {entry.name}
                  <span className="muted"> · треков: {entry.songCount}</span>
                </button>
              </li>
            ))}
            {typed && settled === typed && !search.isFetching && !exact && (
              <li>
                <button
                  type="button"
                  className="credit-picker__option credit-picker__option--add"
                  disabled={add.isPending}
                  onClick={async () => {
                    const made = await add.mutateAsync(typed).catch(() => null);
                    if (made) choose(made);
                  }}
                >
                  Добавить «{typed}» в каталог
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
    </Field>
  );
}
