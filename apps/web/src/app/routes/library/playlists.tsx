import { PARTITION_IDS } from "@fonika/shared";
import { Navigate, useSearchParams } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { EntryBrowser } from "../../../features/vault/components/entry-browser.tsx";
import { LIBRARY_PARAMS } from "../../../features/vault/library-location.ts";

/**
 * The library screen: the Playlists partition by default, or any folder,
 * playlist or version of Playlists and Tracks named by `?entry=`.
 */
export default function PlaylistsScreen() {
  const [search] = useSearchParams();
  const entryId = search.get(LIBRARY_PARAMS.entry) || PARTITION_IDS.playlists;
  if (entryId === PARTITION_IDS.deleted) return <Navigate to={pathTo("Deleted")} replace />;
  return <EntryBrowser key={entryId} entryId={entryId} />;
}
