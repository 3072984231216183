import type { PlayerUpdate } from "@fonika/shared";
import { useCallback, useState } from "react";
import { Page } from "../../../components/ui/page.tsx";
import { SearchBox } from "../../../components/ui/search-box.tsx";
import { ROUTES } from "../../../config/routes.ts";
import { PlayerUpdateMetaDialog } from "../../../features/player-updates/components/player-update-meta-dialog.tsx";
import { PlayerUpdateUpload } from "../../../features/player-updates/components/player-update-upload.tsx";
import { PlayerUpdatesTable } from "../../../features/player-updates/components/player-updates-table.tsx";
import { searchQueryOf, useUpdateSearchParams } from "../../../lib/use-list-params.ts";

/**
 * `/players-base/update` (admin): box player firmware — upload a new
 * version with progress, find one by name or version (?query=), correct
 * its name and version.
 */
export default function PlayerUpdatesScreen() {
  const [searchParams, update] = useUpdateSearchParams();
  const query = searchQueryOf(searchParams);
  const handleSearch = useCallback((text: string) => update({ query: text }), [update]);
  const [editing, setEditing] = useState<PlayerUpdate | null>(null);

  return (
    <Page
      title={ROUTES.PlayerUpdates.title}
      description="Прошивки бокс-плееров: плеер узнаёт о более новой версии, когда подключается."
    >
      <PlayerUpdateUpload />
      <div className="list-toolbar">
        <SearchBox
          query={query}
          onSearch={handleSearch}
          label="Поиск обновлений"
          placeholder="Название или версия"
        />
      </div>
      <PlayerUpdatesTable query={query} onEdit={setEditing} />
      {editing && <PlayerUpdateMetaDialog update={editing} onClose={() => setEditing(null)} />}
    </Page>
  );
}
