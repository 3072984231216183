import { useNavigate, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useAddPlaylist } from "../../../features/playlists/api/add-playlist.ts";
import { useChangePlaylistAvatar } from "../../../features/playlists/api/change-playlist-avatar.ts";
import { PlaylistDetailsForm } from "../../../features/playlists/components/playlist-details-form.tsx";
import { entryHref, LIBRARY_PARAMS } from "../../../features/vault/library-location.ts";
import { errorText } from "../../../lib/error-messages.ts";

/**
 * PlaylistCreate: a new playlist, placed in the folder the content manager
 * was in (`?folderId=`) or the root of Playlists, made with its first
 * version (issue 28: tracks go in without a «Создать версию» step); then
 * its editor opens on that version.
 */
export default function PlaylistCreateScreen() {
  const [search] = useSearchParams();
  const folderId = search.get(LIBRARY_PARAMS.folder) ?? undefined;
  const navigate = useNavigate();
  const addPlaylist = useAddPlaylist();
  const changeAvatar = useChangePlaylistAvatar();
  const back = folderId
    ? { label: "К папке", to: entryHref({ entryId: folderId, partitionType: "playlists" }) }
    : { label: "Плейлисты", to: pathTo("Playlists") };

  return (
    <Page
      title={ROUTES.PlaylistCreate.title}
      description="Название, описание, теги и обложка. Первая версия создаётся вместе с плейлистом — треки можно добавить сразу."
      actions={<BackLink {...back} />}
    >
      <Section title="Плейлист">
        <PlaylistDetailsForm
          playlist={null}
          coverUrl={null}
          submitLabel="Создать плейлист"
          onSubmit={async ({ name, description, tags, cover }) => {
            const playlist = await addPlaylist.mutateAsync({
              name,
              description,
              tags,
              folderId,
              firstVersion: true,
            });
            if (cover) {
              try {
                await changeAvatar.mutateAsync({ playlistId: playlist.id, file: cover });
              } catch (error) {
                toast.error(`Обложка не сохранена: ${errorText(error)}`);
              }
            }
            toast.success("Плейлист создан");
            navigate(pathTo("Playlist", { id: playlist.id }), { replace: true });
          }}
        />
      </Section>
    </Page>
  );
}
