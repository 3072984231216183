import { INPUT, type UserSort, userSortSchema } from "@fonika/shared";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Icon } from "../../../components/ui/icon.tsx";

/** A search starts this long after the last keystroke (or at once on Enter). */
export const USER_SEARCH_DELAY_MS = 300;

const SORT_LABELS: Record<UserSort, string> = {
  "registration-date": "Сначала новые",
  name: "По ФИО",
  login: "По логину",
};

interface UsersToolbarProps {
  /** The search as the address bar holds it. */
  query: string;
  sortBy: UserSort;
  onSearch: (query: string) => void;
  onSortChange: (sortBy: UserSort) => void;
}

/**
 * The search box and order of the client base. The box follows `query`
 * when it changes from outside (the header search) and reports what is
 * typed, trimmed, after a short pause.
 */
export function UsersToolbar({ query, sortBy, onSearch, onSortChange }: UsersToolbarProps) {
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  const sortId = useId();
  if (query !== shownQuery) {
    setShownQuery(query);
    setText(query);
  }

  useEffect(() => {
    const typed = text.trim();
    if (typed === query) return;
    const timer = setTimeout(() => onSearch(typed), USER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query, onSearch]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    if (typed !== query) onSearch(typed);
  };

  return (
    <div className="list-toolbar">
      <search className="list-toolbar__search">
        <form onSubmit={handleSubmit}>
          <Icon name="search" className="list-toolbar__icon" />
          <input
            className="input list-toolbar__input"
            type="search"
            aria-label="Поиск пользователей"
            placeholder="ФИО, e-mail, телефон или компания"
            value={text}
            maxLength={INPUT.defaultMax}
            onChange={(event) => setText(event.target.value)}
          />
        </form>
      </search>
      <div className="list-toolbar__sort">
        <label className="field__label" htmlFor={sortId}>
          Сортировка
        </label>
        <select
          id={sortId}
          className="input"
          value={sortBy}
          onChange={(event) => onSortChange(userSortSchema.parse(event.target.value))}
        >
          {userSortSchema.options.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
