import { type Enquiry, type SupportPlayerCommand, supportApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useEnquiryMutation } from "./enquiry-mutation.ts";

export interface EnquiryPlayerCommand {
  playerId: string;
  command: SupportPlayerCommand;
}

/**
 * Sends play, pause or next to one of the enquiry's client's players; the
 * server writes it into the thread and answers the enquiry (409 when the
 * player is offline).
 */
export function commandEnquiryPlayer(
  api: ApiClient,
  id: string,
  order: EnquiryPlayerCommand,
): Promise<Enquiry> {
  return api.call(supportApi.commandEnquiryPlayer, { params: { id }, body: order });
}

export function useCommandEnquiryPlayer(id: string) {
  const api = useApiClient();
  return useEnquiryMutation((order: EnquiryPlayerCommand) => commandEnquiryPlayer(api, id, order));
}
