import { MESSAGES, PAGING } from "@fonika/shared";
import { Link } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useEstablishments } from "../api/list-establishments.ts";
import { EstablishmentCard, EstablishmentCardSkeleton } from "./establishment-card.tsx";
import "../establishments.css";

interface EstablishmentsListProps {
  ownerId: string | null;
  clientId?: string;
  /** Counts from 0. */
  page: number;
  query: string;
  onPageChange: (page: number) => void;
  /** Where 'Добавить заведение' of the empty list leads. */
  addPath: string;
}

/** The places held while the first page loads. */
const SKELETON_KEYS = ["first", "second", "third"];

/** A client's establishments as cards, a page at a time, with the list's empty and failed states. */
export function EstablishmentsList({
  ownerId,
  clientId,
  page,
  query,
  onPageChange,
  addPath,
}: EstablishmentsListProps) {
  const list = useEstablishments(ownerId, { page, query, count: PAGING.tablePageSize });

  if (list.isError && !list.data) {
    return (
      <div className="card">
        <EmptyState icon="alert" title="Не удалось загрузить заведения">
          {errorText(list.error)}
        </EmptyState>
      </div>
    );
  }
  if (!list.data) {
    return (
      <ul className="establishment-cards" aria-busy="true" aria-label="Заведения загружаются">
        {SKELETON_KEYS.map((key) => (
          <EstablishmentCardSkeleton key={key} />
        ))}
      </ul>
    );
  }
  const { data, total, totalPages } = list.data;
  if (data.length === 0) {
    return (
      <div className="card">
        {query ? (
          <EmptyState icon="search" title={MESSAGES.nothingFound}>
            Нет заведений, в названии или адресе которых есть «{query}».
          </EmptyState>
        ) : (
          <EmptyState
            icon="objects"
            title="Пока нет заведений"
            action={
              <Link to={addPath} className="button button--primary button--md">
                <Icon name="plus" />
                Добавить заведение
              </Link>
            }
          >
            Добавьте первое заведение, чтобы подключить к нему плеер и подписку.
          </EmptyState>
        )}
      </div>
    );
  }
  return (
    <>
      <ul
        className="establishment-cards"
        aria-label="Заведения"
        aria-busy={list.isPlaceholderData || undefined}
      >
        {data.map((establishment) => (
          <EstablishmentCard
            key={establishment.id}
            establishment={establishment}
            clientId={clientId}
          />
        ))}
      </ul>
      <div className="table-footer">
        <span className="muted">Всего заведений: {total}</span>
        <Pagination page={page} totalPages={totalPages} onChange={onPageChange} />
      </div>
    </>
  );
}
