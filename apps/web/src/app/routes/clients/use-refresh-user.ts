import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { profileQueryKey } from "../../../features/accounts/api/get-profile.ts";
import { usersQueryKey } from "../../../features/accounts/api/list-users.ts";

/**
 * After staff change an account (role, block, unblock, names): its profile
 * (with the abilities the server now gives) and the user list are fetched
 * again. The accounts feature owns both caches; its staff-action calls
 * leave the refresh to the screen.
 */
export function useRefreshUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (userId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      ]),
    [queryClient],
  );
}
