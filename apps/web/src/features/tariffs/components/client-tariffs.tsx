import type { UserTariff } from "@fonika/shared";
import { type ReactNode, useId, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useAddUserTariffPlaylist } from "../api/add-user-tariff-playlist.ts";
import { useUserTariffs } from "../api/list-user-tariffs.ts";
import { useRemoveUserTariffPlaylist } from "../api/remove-user-tariff-playlist.ts";
import type { PlaylistChoice } from "../tariff-draft.ts";
import { PlaylistFinder, type PlaylistSearch } from "./playlist-picker.tsx";
import { TariffTypeIcon } from "./tariff-type-icon.tsx";
import "../tariffs.css";

/** An establishment of the client, named. */
export interface EstablishmentName {
  id: string;
  name: string;
}

interface ClientTariffsProps {
  userId: string;
  /** The client's establishments whose names are known (those the page has loaded). */
  establishments: readonly EstablishmentName[];
  /** The library's playlists by name, for granting one more. */
  playlistSearch: PlaylistSearch;
}

/** 'Заведения: Кофейня, Бар и ещё 2': the establishments holding a tariff, by name where known. */
function establishmentsLine(ids: readonly string[], names: ReadonlyMap<string, string>): string {
  if (ids.length === 0) return "Заведений с этим тарифом сейчас нет";
  const known = ids.flatMap((id) => names.get(id) ?? []);
  const unknown = ids.length - known.length;
  if (known.length === 0) return `Заведений с этим тарифом: ${ids.length}`;
  return `Заведения: ${known.join(", ")}${unknown > 0 ? ` и ещё ${unknown}` : ""}`;
}

function TariffsSkeleton() {
  return (
    <ul className="client-tariffs" aria-hidden="true">
      {[0, 1].map((index) => (
        <li key={index} className="client-tariff">
          <Skeleton width="30%" height="1.3em" />
          <Skeleton width="60%" />
          <Skeleton width="80%" />
        </li>
      ))}
    </ul>
  );
}

interface TariffCardProps {
  tariff: UserTariff;
  establishmentNames: ReadonlyMap<string, string>;
  onGrant: () => void;
  onWithdraw: (playlist: PlaylistChoice) => void;
}

function TariffCard({ tariff, establishmentNames, onGrant, onWithdraw }: TariffCardProps) {
  const titleId = useId();
  const canGrant = tariff.abilities.grantPlaylists;
  return (
    <li className="client-tariff">
      <article aria-labelledby={titleId}>
        <header className="client-tariff__head">
          <TariffTypeIcon type={tariff.type} size={32} />
          <div className="client-tariff__title">
            <h3 id={titleId} className="client-tariff__name">
              {tariff.name}
            </h3>
            <p className="muted client-tariff__establishments">
              {establishmentsLine(tariff.establishmentIds, establishmentNames)}
            </p>
          </div>
          {canGrant && (
            <Button
              variant="secondary"
              icon="plus"
              className="client-tariff__grant"
              aria-label={`Выдать плейлист по тарифу «${tariff.name}»`}
              onClick={onGrant}
            >
              Выдать плейлист
            </Button>
          )}
        </header>
        <div className="client-tariff__group">
          <h4 className="client-tariff__label">Плейлисты тарифа</h4>
          <ul className="tariff-playlists" aria-label={`Плейлисты тарифа «${tariff.name}»`}>
            {tariff.playlists.length === 0 && <li className="muted">В тарифе нет плейлистов</li>}
            {tariff.playlists.map((playlist) => (
              <li key={playlist.id} className="tag">
                <Icon name="playlists" size={14} />
                {playlist.name}
              </li>
            ))}
          </ul>
        </div>
        <div className="client-tariff__group">
          <h4 className="client-tariff__label">Выданы клиенту</h4>
          <ul
            className="tariff-playlists client-tariff__personal"
            aria-label={`Плейлисты, выданные клиенту по тарифу «${tariff.name}»`}
          >
            {tariff.personalPlaylists.length === 0 && (
              <li className="muted">Дополнительных плейлистов нет</li>
            )}
            {tariff.personalPlaylists.map((playlist) => (
              <li key={playlist.id} className="tag">
                <Icon name="playlists" size={14} />
                <span>{playlist.name}</span>
                {canGrant && (
                  <button
                    type="button"
                    className="tag__remove"
                    aria-label={`Отозвать плейлист «${playlist.name}»`}
                    title="Отозвать"
                    onClick={() => onWithdraw(playlist)}
                  >
                    <Icon name="close" size={14} />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      </article>
    </li>
  );
}

function GrantDialog({
  userId,
  tariff,
  search,
  onClose,
}: {
  userId: string;
  tariff: UserTariff;
  search: PlaylistSearch;
  onClose: () => void;
}) {
  const grant = useAddUserTariffPlaylist(userId);
  const [adding, setAdding] = useState<string | null>(null);
  const held = new Set([...tariff.playlists, ...tariff.personalPlaylists].map(({ id }) => id));
  const handleAdd = (playlist: PlaylistChoice) => {
    setAdding(playlist.id);
    grant.mutate(
      { tariffId: tariff.id, playlistId: playlist.id },
      {
        onSuccess: () => {
          toast.success(`Плейлист «${playlist.name}» выдан клиенту`);
          onClose();
        },
        onSettled: () => setAdding(null),
      },
    );
  };
  return (
    <Modal title="Выдать плейлист" size="lg" onClose={onClose}>
      <p className="modal__lead">
        Клиент сможет играть его в заведениях с тарифом «{tariff.name}» вдобавок к плейлистам
        тарифа.
      </p>
      <PlaylistFinder search={search} excludeIds={held} onAdd={handleAdd} addingId={adding} />
      {grant.isError && (
        <p className="form__error" role="alert">
          {errorText(grant.error)}
        </p>
      )}
    </Modal>
  );
}

function WithdrawDialog({
  userId,
  tariff,
  playlist,
  onClose,
}: {
  userId: string;
  tariff: UserTariff;
  playlist: PlaylistChoice;
  onClose: () => void;
}) {
  const withdrawal = useRemoveUserTariffPlaylist(userId);
  return (
    <Modal
      title="Отозвать плейлист?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={withdrawal.isPending}>
            Отмена
          </Button>
          <Button
            variant="danger"
            busy={withdrawal.isPending}
            data-autofocus
            onClick={() =>
              withdrawal.mutate(
                { tariffId: tariff.id, playlistId: playlist.id },
                {
                  onSuccess: () => {
                    toast.success(`Плейлист «${playlist.name}» отозван`);
                    onClose();
                  },
                },
              )
            }
          >
            Отозвать
          </Button>
        </>
      }
    >
      <p className="modal__lead">
        Плейлист «{playlist.name}» перестанет быть доступен клиенту по тарифу «{tariff.name}», если
        он не входит в сам тариф.
      </p>
      {withdrawal.isError && (
        <p className="form__error" role="alert">
          {errorText(withdrawal.error)}
        </p>
      )}
    </Modal>
  );
}

/**
 * Staff on a client's page: the tariffs the client's establishments are
 * subscribed to, the playlists each tariff grants and those granted to this
 * client personally; where the server allows it (`grantPlaylists`), one
 * more is granted from the library or a personal one withdrawn.
 */
export function ClientTariffs({ userId, establishments, playlistSearch }: ClientTariffsProps) {
  const tariffs = useUserTariffs(userId);
  const [grantingId, setGrantingId] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<{
    tariffId: string;
    playlist: PlaylistChoice;
  } | null>(null);
  const establishmentNames = new Map(establishments.map(({ id, name }) => [id, name]));
  const list = tariffs.data ?? [];
  const granting = list.find((tariff) => tariff.id === grantingId);
  const withdrawingFrom = list.find((tariff) => tariff.id === withdrawing?.tariffId);

  const closeGrant = () => {
    setGrantingId(null);
    playlistSearch.onTextChange("");
  };

  let body: ReactNode;
  if (tariffs.isPending) {
    body = <TariffsSkeleton />;
  } else if (tariffs.isError) {
    body = (
      <p className="form__error" role="alert">
        {errorText(tariffs.error)}
      </p>
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState icon="tariffs" title="Тарифов пока нет">
        Когда заведение клиента подпишется на тариф, здесь появятся тариф и его плейлисты.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="client-tariffs">
        {list.map((tariff) => (
          <TariffCard
            key={tariff.id}
            tariff={tariff}
            establishmentNames={establishmentNames}
            onGrant={() => setGrantingId(tariff.id)}
            onWithdraw={(playlist) => setWithdrawing({ tariffId: tariff.id, playlist })}
          />
        ))}
      </ul>
    );
  }

  return (
    <Section title="Тарифы и плейлисты">
      {body}
      {granting && (
        <GrantDialog
          userId={userId}
          tariff={granting}
          search={playlistSearch}
          onClose={closeGrant}
        />
      )}
      {withdrawing && withdrawingFrom && (
        <WithdrawDialog
          userId={userId}
          tariff={withdrawingFrom}
          playlist={withdrawing.playlist}
          onClose={() => setWithdrawing(null)}
        />
      )}
    </Section>
  );
}
