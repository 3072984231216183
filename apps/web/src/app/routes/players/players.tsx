import { roleMay } from "@fonika/shared";
import { useState } from "react";
import { useParams } from "react-router";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { PlayersByEstablishment } from "../../../features/players/components/players-by-establishment.tsx";
import { PurchaseRequestDialog } from "../../../features/players/components/purchase-request-dialog.tsx";
import { useSessionState } from "../../../lib/app-services.ts";

/**
 * `/players/{id?}`: a client's players grouped by establishment. A client
 * sees their own (and may ask to buy a box player); staff name the client
 * in `{id}`. A player device opening its start screen is told what it is:
 * playing in the browser comes with the next issue.
 */
export default function PlayersScreen() {
  const { id } = useParams();
  const { role, userId } = useSessionState();
  const [buying, setBuying] = useState(false);

  if (role === "player-device") {
    return (
      <Page title={ROUTES.Players.title}>
        <div className="card">
          <EmptyState icon="device" title="Этот браузер подключён как плеер заведения">
            Воспроизведение музыки по расписанию заведения в этом окне появится в следующем
            обновлении.
          </EmptyState>
        </div>
      </Page>
    );
  }

  const clientId = id?.trim() || undefined;
  const ownerId = clientId ?? userId;
  return (
    <Page
      title={clientId ? "Плееры клиента" : "Мои плееры"}
      description="Веб- и бокс-плееры по заведениям. Плеер добавляется на странице заведения."
      actions={
        <>
          {clientId && <BackLink label="Клиент" to={pathTo("Client", { clientId })} />}
          {roleMay(role, "ownVenues") && (
            <Button icon="plus" onClick={() => setBuying(true)}>
              Купить бокс-плеер
            </Button>
          )}
        </>
      }
    >
      {ownerId && <PlayersByEstablishment ownerId={ownerId} clientId={clientId} />}
      {buying && userId && (
        <PurchaseRequestDialog userId={userId} onClose={() => setBuying(false)} />
      )}
    </Page>
  );
}
