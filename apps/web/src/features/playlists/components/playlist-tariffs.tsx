import type { TariffRef } from "@fonika/shared";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import { IN_NO_TARIFF, tariffNamesText } from "../../../lib/tariff-names.ts";
import "../playlists.css";

/**
 * Which tariffs hold a playlist, on its editor (issue 28): a content manager
 * sees who hears it; in none, it is marked, and says that no venue plays it.
 */
export function PlaylistTariffs({ tariffs }: { tariffs: readonly TariffRef[] }) {
  return (
    <p className="playlist-tariffs">
      <span className="muted">Тарифы:</span>
      {tariffs.length > 0 ? (
        <span>{tariffNamesText(tariffs)}</span>
      ) : (
        <>
          <StatusChip label={IN_NO_TARIFF} tone="pending" />
          <span className="muted">
            клиенты его не услышат, пока администратор не добавит его в тариф
          </span>
        </>
      )}
    </p>
  );
}
