import { useId } from "react";
import { Field } from "../../../components/ui/field.tsx";
import { ENQUIRY_TEXTS } from "../support-texts.ts";

/** A client an admin may write for. */
export interface ClientOption {
  id: string;
  name: string;
}

interface ClientChooserProps {
  search: string;
  onSearch: (text: string) => void;
  clients: readonly ClientOption[];
  loading: boolean;
  value: string | null;
  onChange: (clientId: string | null) => void;
}

/** An admin's choice of the client an enquiry is written for: a search, then a pick. */
export function ClientChooser({
  search,
  onSearch,
  clients,
  loading,
  value,
  onChange,
}: ClientChooserProps) {
  const searchId = useId();
  const selectId = useId();
  return (
    <div className="form__grid">
      <Field id={searchId} label={ENQUIRY_TEXTS.clientSearch}>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder={ENQUIRY_TEXTS.clientSearchPlaceholder}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </Field>
      <Field
        id={selectId}
        label={ENQUIRY_TEXTS.client}
        hint={!loading && clients.length === 0 ? ENQUIRY_TEXTS.noClients : undefined}
      >
        <select
          id={selectId}
          className="input"
          value={value ?? ""}
          aria-busy={loading || undefined}
          onChange={(event) => onChange(event.target.value || null)}
        >
          <option value="">{ENQUIRY_TEXTS.chooseClient}</option>
          {clients.map((client) => (
            <option key={client.id} value={client.id}>
              {client.name}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
