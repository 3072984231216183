import { Icon } from "../../../components/ui/icon.tsx";
import { useFavouriteToggle } from "../hooks/use-favourite-toggle.ts";
import "./favourite-button.css";
import "../playlists.css";

interface FavouriteButtonProps {
  userId: string;
  playlistId: string;
  playlistName: string;
  /** Whether it is a favourite now; undefined while the favourites load. */
  favourite: boolean | undefined;
}

/** Marks or unmarks a playlist as a favourite of the signed-in user (a toggle button). */
export function FavouriteButton({
  userId,
  playlistId,
  playlistName,
  favourite,
}: FavouriteButtonProps) {
  const toggle = useFavouriteToggle(userId);
  return (
    <button
      type="button"
      className="icon-button icon-button--small favourite-button"
      aria-label={`Избранное: ${playlistName}`}
      aria-pressed={favourite ?? false}
      title={favourite ? "Убрать из избранного" : "Добавить в избранное"}
      disabled={favourite === undefined || toggle.isPending}
      onClick={() => toggle.mutate({ playlistId, favourite: !favourite })}
    >
      <Icon name="heart" size={18} />
    </button>
  );
}
