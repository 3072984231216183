import { useSearchParams } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { useSessionState } from "../../../lib/app-services.ts";

/** Whose legal list: the signed-in user's, or a client's given as `?clientId=` (staff). */
export function useLegalListOwner() {
  const { userId: ownId } = useSessionState();
  const [search] = useSearchParams();
  const clientId = search.get("clientId");
  const userId = clientId ?? ownId;
  const own = !clientId || clientId === ownId;
  /** Query of the links between the legal list and the add-company screen. */
  const query: Record<string, string> = own || !userId ? {} : { clientId: userId };
  const back = own
    ? { label: "Профиль", to: pathTo("Profile") }
    : { label: "Профиль клиента", to: pathTo("ProfileById", { id: userId ?? "" }) };
  return { userId, own, query, back };
}

export type LegalListOwner = ReturnType<typeof useLegalListOwner>;
