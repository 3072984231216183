import { useSearchParams } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { useSessionState } from "../../../lib/app-services.ts";
import { isInternalPath } from "../../../lib/auth/return-to.ts";

/**
 * Whose legal list: the signed-in user's, or a client's given as
 * `?clientId=` (staff); and where the visit started, given as `?returnTo=`
 * (a path of this site) by a screen that sends the client here to add a
 * payer and wants them back ('Готово' returns there).
 */
export function useLegalListOwner() {
  const { userId: ownId } = useSessionState();
  const [search] = useSearchParams();
  const clientId = search.get("clientId");
  const userId = clientId ?? ownId;
  const own = !clientId || clientId === ownId;
  const given = search.get("returnTo");
  const returnTo = given && isInternalPath(given) ? given : null;
  /** Query of the links between the legal list and the add-company screen. */
  const query: Record<string, string> = {
    ...(own || !userId ? {} : { clientId: userId }),
    ...(returnTo ? { returnTo } : {}),
  };
  const back = returnTo
    ? { label: "Назад", to: returnTo }
    : own
      ? { label: "Профиль", to: pathTo("Profile") }
      : { label: "Профиль клиента", to: pathTo("ProfileById", { id: userId ?? "" }) };
  return { userId, own, query, back, returnTo };
}

export type LegalListOwner = ReturnType<typeof useLegalListOwner>;
