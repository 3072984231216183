import { MESSAGES, PAGING, type Role, type Suggestion } from "@fonika/shared";
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useMobileLayout } from "../../../components/layouts/use-mobile-layout.ts";
import { Icon } from "../../../components/ui/icon.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useCommonSearch } from "../api/common-search.ts";
import {
  bestPerCategory,
  CATEGORY_LABELS,
  suggestionLabel,
  suggestionTarget,
} from "../suggestions.ts";

/** The pause in typing after which the server is asked. */
export const SEARCH_DEBOUNCE_MS = 250;

const EXPLICIT_LABEL = "Ненормативная лексика";
const UNAVAILABLE_LABEL = "Недоступно";

interface SuggestionOptionProps {
  id: string;
  suggestion: Suggestion;
  active: boolean;
  /** Whether the role may open what it leads to. */
  available: boolean;
  onChoose: () => void;
  onHover: () => void;
}

/** One suggestion: named by its full name, described by its category, artist and flags. */
function SuggestionOption({
  id,
  suggestion,
  active,
  available,
  onChoose,
  onHover,
}: SuggestionOptionProps) {
  const metaId = `${id}-meta`;
  const explicitId = `${id}-explicit`;
  const explicit = suggestion.category === "songs" && suggestion.obsceneLexicon === true;
  const artist = suggestion.category === "songs" ? suggestion.artist : undefined;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox box takes the keys (aria-activedescendant); an option never has the focus.
    <div
      id={id}
      role="option"
      tabIndex={-1}
      className={`suggestion${active ? " is-active" : ""}${available ? "" : " is-unavailable"}`}
      aria-selected={active}
      aria-disabled={available ? undefined : true}
      aria-label={suggestion.name}
      aria-describedby={explicit ? `${metaId} ${explicitId}` : metaId}
      title={suggestion.name}
      // The box keeps the focus: a click must not blur it and close the list first.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onHover}
      onClick={onChoose}
    >
      <span className="suggestion__name">
        {suggestionLabel(suggestion.name)}
        {explicit && (
          <span
            id={explicitId}
            className="explicit-badge"
            role="img"
            aria-label={EXPLICIT_LABEL}
            title={EXPLICIT_LABEL}
          >
            E
          </span>
        )}
      </span>
      <span id={metaId} className="suggestion__meta">
        {CATEGORY_LABELS[suggestion.category]}
        {artist ? ` · ${artist}` : ""}
        {available ? "" : ` · ${UNAVAILABLE_LABEL}`}
      </span>
    </div>
  );
}

/**
 * The suggestions search of SPEC.md §2 (every role but admin, client
 * manager and support): a pause in typing asks the server; the dropdown
 * under the box lists the suggestions — on a mobile layout the best one per
 * category, at most five — chosen with the mouse or the arrows and Enter,
 * closed with Escape. Choosing one closes the list and opens its screen.
 */
export function SuggestionsSearch({
  prompt,
  placeholder,
  role,
}: {
  prompt: string;
  placeholder: string;
  role: Role;
}) {
  const navigate = useNavigate();
  const mobile = useMobileLayout();
  const listboxId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const typed = text.trim();
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = useCommonSearch(settled);

  const answered = search.data?.data;
  const suggestions = useMemo(() => {
    if (!answered) return [];
    return mobile ? bestPerCategory(answered, PAGING.mobileSuggestions) : answered;
  }, [answered, mobile]);
  const targets = useMemo(
    () => suggestions.map((suggestion) => suggestionTarget(suggestion, role)),
    [suggestions, role],
  );

  // The highlighted option belongs to one list: a new answer starts unhighlighted.
  const [active, setActive] = useState<{ list: readonly Suggestion[]; index: number }>({
    list: suggestions,
    index: -1,
  });
  const activeIndex = active.list === suggestions ? active.index : -1;
  const highlight = (index: number) => setActive({ list: suggestions, index });
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const showDropdown = open && typed.length > 0;
  const current = typed === settled && !search.isPlaceholderData && !search.isFetching;
  const showList = showDropdown && suggestions.length > 0;

  const activeId = showList && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  // A long list scrolls to keep the highlighted option in sight.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: "nearest" });
  }, [activeId]);

  const choose = (index: number) => {
    const target = targets[index];
    if (!target) return;
    if (target.kind === "missing-id") {
      console.error(target.message);
      return;
    }
    if (!target.allowed) return;
    setOpen(false);
    highlight(-1);
    navigate(target.path);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!showList) {
          setOpen(true);
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        const from = activeIndex < 0 ? (step === 1 ? -1 : count) : activeIndex;
        highlight((from + step + count) % count);
        return;
      }
      case "Enter":
        event.preventDefault();
        if (showList && activeIndex >= 0) choose(activeIndex);
        else setOpen(true);
        return;
      case "Escape":
        if (!showDropdown) return;
        // The search box would also clear itself on Escape: closing the list is enough.
        event.preventDefault();
        setOpen(false);
        highlight(-1);
        return;
    }
  };

  let status: string | null = null;
  if (showDropdown && !showList) {
    if (search.isError && current) status = errorText(search.error);
    else status = current ? MESSAGES.nothingFound : "Поиск…";
  }

  return (
    <search className="header-search">
      <form onSubmit={(event) => event.preventDefault()}>
        <Icon name="search" className="header-search__icon" />
        <input
          className="header-search__input"
          type="search"
          role="combobox"
          aria-label={prompt}
          placeholder={placeholder}
          value={text}
          maxLength={200}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={handleKeyDown}
        />
      </form>
      <div className="dropdown-panel" hidden={!showDropdown}>
        <p className="suggestions__empty" role="status">
          {status}
        </p>
        <div
          className="suggestions__list"
          id={listboxId}
          role="listbox"
          aria-label="Подсказки поиска"
          aria-busy={!current}
          hidden={!showList}
        >
          {showList &&
            suggestions.map((suggestion, index) => {
              const target = targets[index];
              return (
                <SuggestionOption
                  key={`${suggestion.category}:${suggestion.id ?? suggestion.name}`}
                  id={optionId(index)}
                  suggestion={suggestion}
                  active={index === activeIndex}
                  available={target?.kind !== "screen" || target.allowed}
                  onChoose={() => choose(index)}
                  onHover={() => {
                    if (index !== activeIndex) highlight(index);
                  }}
                />
              );
            })}
        </div>
      </div>
    </search>
  );
}
