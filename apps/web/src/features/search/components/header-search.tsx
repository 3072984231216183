import { MESSAGES, type Role, searchPlaceholderOf } from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import { pathTo } from "../../../config/paths.ts";

/** SPEC.md §2 Search: these roles search the client base; the others get suggestions. */
const CLIENT_BASE_SEARCH_ROLES: readonly Role[] = [
  "role-admin",
  "role-client-manager",
  "role-support",
];

/**
 * Admin, client manager, support: submitting opens ClientBase with ?query=.
 * On ClientBase the box shows the search the page holds, whichever box set it.
 */
function ClientBaseSearch({ prompt }: { prompt: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const clientBaseQuery =
    pathname === pathTo("ClientBase") ? (searchParams.get("query") ?? "") : null;
  const [text, setText] = useState(clientBaseQuery ?? "");
  const [shownQuery, setShownQuery] = useState(clientBaseQuery);
  if (clientBaseQuery !== shownQuery) {
    setShownQuery(clientBaseQuery);
    if (clientBaseQuery !== null) setText(clientBaseQuery);
  }
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(pathTo("ClientBase", {}, { query: text.trim() || undefined }));
  };
  return (
    <search className="header-search">
      <form onSubmit={handleSubmit}>
        <Icon name="search" className="header-search__icon" />
        <input
          className="header-search__input"
          type="search"
          aria-label={prompt}
          placeholder={prompt}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}

/**
 * The other roles: a dropdown of suggestions under the box. No search
 * answers arrive yet, so the dropdown says 'Ничего не найдено'.
 */
function SuggestionsSearch({ prompt }: { prompt: string }) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const dropdownId = useId();
  const showDropdown = open && text.trim().length > 0;
  return (
    <search className="header-search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Icon name="search" className="header-search__icon" />
        <input
          className="header-search__input"
          type="search"
          aria-label={prompt}
          placeholder={prompt}
          value={text}
          maxLength={200}
          aria-controls={dropdownId}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === "Escape") setOpen(false);
          }}
        />
      </form>
      <div className="suggestions" id={dropdownId} role="status" hidden={!showDropdown}>
        {showDropdown && <p className="suggestions__empty">{MESSAGES.nothingFound}</p>}
      </div>
    </search>
  );
}

/** The header search box of the signed-in layout. */
export function HeaderSearch({ role }: { role: Role }) {
  const prompt = searchPlaceholderOf(role);
  return CLIENT_BASE_SEARCH_ROLES.includes(role) ? (
    <ClientBaseSearch prompt={prompt} />
  ) : (
    <SuggestionsSearch prompt={prompt} />
  );
}
