import { SearchBox } from "../../../components/ui/search-box.tsx";

interface EstablishmentsSearchProps {
  /** The search as the address bar holds it. */
  query: string;
  onSearch: (query: string) => void;
}

/** The search box of the establishments list: words of a name or an address. */
export function EstablishmentsSearch({ query, onSearch }: EstablishmentsSearchProps) {
  return (
    <div className="list-toolbar">
      <SearchBox
        query={query}
        onSearch={onSearch}
        label="Поиск заведений"
        placeholder="Название или адрес"
      />
    </div>
  );
}
