import { useMemo, useState } from "react";
import { Icon } from "../../../components/ui/icon.tsx";
import { useApiClient } from "../../../lib/app-services.ts";
import { playlistAvatarUrl } from "../api/get-playlist-avatar.ts";
import "../playlists.css";

interface PlaylistCoverProps {
  playlistId: string;
  hasCover: boolean;
  /** Changes with the playlist, and so with its cover. */
  updatedAt: string;
  size: "card" | "large";
}

/** A playlist's cover, or a music note when it has none or it fails to load (SPEC.md §8: 404 is 'no cover'). */
export function PlaylistCover({ playlistId, hasCover, updatedAt, size }: PlaylistCoverProps) {
  const api = useApiClient();
  const [failed, setFailed] = useState<string | null>(null);
  // One address per stored cover: a token refresh must not reload the image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed cover changes updatedAt.
  const url = useMemo(
    () => (hasCover ? playlistAvatarUrl(api, playlistId) : null),
    [api, playlistId, hasCover, updatedAt],
  );
  const className = `playlist-cover playlist-cover--${size}`;
  if (!url || failed === url) {
    return (
      <span className={`${className} playlist-cover--empty`} aria-hidden="true">
        <Icon name="music" size={size === "large" ? 40 : 28} />
      </span>
    );
  }
  return <img className={className} src={url} alt="" onError={() => setFailed(url)} />;
}
