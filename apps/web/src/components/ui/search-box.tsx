import { INPUT } from "@fonika/shared";
import { type FormEvent, useEffect, useState } from "react";
import { Icon } from "./icon.tsx";
import "./search-box.css";

/** A search starts this long after the last keystroke (or at once on Enter). */
export const SEARCH_DELAY_MS = 300;

interface SearchBoxProps {
  /** The search as the address bar holds it. */
  query: string;
  /** Called with the typed text, trimmed, once it differs from `query`. */
  onSearch: (query: string) => void;
  /** The box's accessible name. */
  label: string;
  placeholder: string;
}

/**
 * The search box of a list toolbar (inside a `.list-toolbar`). It follows
 * `query` when it changes from outside (the header search) and reports what
 * is typed, trimmed, after a short pause or at once on Enter.
 */
export function SearchBox({ query, onSearch, label, placeholder }: SearchBoxProps) {
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    setText(query);
  }

  useEffect(() => {
    const typed = text.trim();
    if (typed === query) return;
    const timer = setTimeout(() => onSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query, onSearch]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    if (typed !== query) onSearch(typed);
  };

  return (
    <search className="list-toolbar__search">
      <form onSubmit={handleSubmit}>
        <Icon name="search" className="list-toolbar__icon" />
        <input
          className="input list-toolbar__input"
          type="search"
          aria-label={label}
          placeholder={placeholder}
          value={text}
          maxLength={INPUT.defaultMax}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}
