import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { useApiClient } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { addFavouritePlaylist } from "../api/add-favourite-playlist.ts";
import { favouritesQueryKey } from "../api/list-favourite-playlists.ts";
import { removeFavouritePlaylist } from "../api/remove-favourite-playlist.ts";

export interface FavouriteChange {
  playlistId: string;
  /** Whether the playlist becomes a favourite. */
  favourite: boolean;
}

/**
 * Marks or unmarks a favourite playlist of the user. The mark changes on
 * screen at once and goes back, with a toast, when the server refuses.
 */
export function useFavouriteToggle(userId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const key = favouritesQueryKey(userId);
  return useMutation({
    mutationFn: ({ playlistId, favourite }: FavouriteChange) =>
      favourite
        ? addFavouritePlaylist(api, userId, playlistId)
        : removeFavouritePlaylist(api, userId, playlistId),
    onMutate: async ({ playlistId, favourite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData<string[]>(key, (ids = []) =>
        favourite
          ? [playlistId, ...ids.filter((id) => id !== playlistId)]
          : ids.filter((id) => id !== playlistId),
      );
      return { previous };
    },
    onError: (error, _change, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast.error(errorText(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
