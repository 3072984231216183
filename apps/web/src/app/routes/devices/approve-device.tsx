import { CODES, PAGING, uuidSchema } from "@fonika/shared";
import { Link, useSearchParams } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { ApproveDeviceForm } from "../../../features/auth/components/approve-device-form.tsx";
import { useEstablishments } from "../../../features/establishments/api/list-establishments.ts";
import { useUserPlayers } from "../../../features/players/api/list-user-players.ts";
import { errorText } from "../../../lib/error-messages.ts";

/**
 * What an approval link carries (`?code=123456&player=<id>`, the QR code of
 * a device's screen): its code when it is six digits, its web player when
 * it is an id; anything else is ignored.
 */
function useApprovalLink(): { code: string; playerId: string | undefined } {
  const [search] = useSearchParams();
  const code = search.get("code") ?? "";
  const player = uuidSchema.safeParse(search.get("player"));
  return {
    code: new RegExp(`^\\d{${CODES.length}}$`).test(code) ? code : "",
    playerId: player.success ? player.data : undefined,
  };
}

/**
 * The code approval of a client, with their establishments and web players
 * to choose from: the device plays in one of their establishments; a web
 * player's code, one of its web players. The menu's «Подключить
 * устройство» and the cabinet show it.
 */
export function ApproveDevice({ userId }: { userId: string }) {
  const link = useApprovalLink();
  const establishments = useEstablishments(userId, {
    page: 0,
    query: "",
    count: PAGING.maxPageSize,
  });
  const players = useUserPlayers(userId);
  const webPlayers = players.data?.data
    .filter((player) => player.type === "web")
    .map(({ id, name, establishmentId }) => ({ id, name, establishmentId }));
  const options = establishments.data?.data.map((establishment) => ({
    value: establishment.id,
    label: `${establishment.name}, ${establishment.address}`,
  }));
  return (
    <ApproveDeviceForm
      initialCode={link.code}
      initialPlayerId={link.playerId}
      webPlayers={players.isError ? [] : webPlayers}
      // A new web player joins the list the next approval chooses from.
      onApproved={({ player }) => {
        if (player) void players.refetch();
      }}
      establishments={establishments.isError ? [] : options}
      noEstablishments={
        establishments.isError ? (
          <p className="form__error" role="alert">
            {errorText(establishments.error)}
          </p>
        ) : (
          <p className="muted">
            Плеер играет в одном из ваших заведений, а их пока нет.{" "}
            <Link to={pathTo("AddClientObjects")}>Добавьте первое заведение</Link>, затем введите
            код с экрана устройства.
          </p>
        )
      }
    />
  );
}
