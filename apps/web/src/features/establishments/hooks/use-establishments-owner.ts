import { useSessionState } from "../../../lib/app-services.ts";

/**
 * Whose establishments a screen shows: the client named by `clientId`
 * (staff reading a client's, the `{clientId}` routes) or else the
 * signed-in user's own. The API's `userId` param is `ownerId`.
 */
export function useEstablishmentsOwner(clientId: string | undefined): {
  ownerId: string | null;
  clientId: string | undefined;
} {
  const { userId } = useSessionState();
  const chosen = clientId?.trim() || undefined;
  return { ownerId: chosen ?? userId, clientId: chosen };
}
