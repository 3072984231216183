import type { Role } from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import { pathTo } from "../../../config/paths.ts";
import { headerSearchOf } from "../header-search-kind.ts";
import { SuggestionsSearch } from "./suggestions-search.tsx";

/**
 * Admin, client manager, support: submitting opens ClientBase with ?query=.
 * On ClientBase the box shows the search the page holds, whichever box set it.
 */
function ClientBaseSearch({ prompt, placeholder }: { prompt: string; placeholder: string }) {
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
          placeholder={placeholder}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}

/**
 * The header search box of the signed-in layout, named by what it searches
 * (see headerSearchOf). SPEC.md §2 Search: whoever may open ClientBase
 * (admin, client manager, support, by the shared route table) searches it;
 * those who may open Playlists get suggestions; nobody else gets a box.
 */
export function HeaderSearch({ role }: { role: Role }) {
  const search = headerSearchOf(role);
  if (!search) return null;
  return search.kind === "clients" ? (
    <ClientBaseSearch prompt={search.label} placeholder={search.placeholder} />
  ) : (
    <SuggestionsSearch prompt={search.label} placeholder={search.placeholder} role={role} />
  );
}
