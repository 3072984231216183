import type { UserTariff } from "@fonika/shared";
import type { QueryClient } from "@tanstack/react-query";
import { userTariffsQueryKey } from "./user-tariffs-query-key.ts";

/** Puts the server's answer for one of a client's tariffs in place of the cached one. */
export function replaceUserTariff(queryClient: QueryClient, userId: string, tariff: UserTariff) {
  queryClient.setQueryData<UserTariff[]>(userTariffsQueryKey(userId), (tariffs) =>
    tariffs?.map((current) => (current.id === tariff.id ? tariff : current)),
  );
}
