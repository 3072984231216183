import { PARTITION_IDS, type PlaylistTrack, roleMay } from "@fonika/shared";
import { useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { AudioFilePicker } from "../../../components/audio/audio-file-picker.tsx";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useChangePlaylist } from "../../../features/playlists/api/change-playlist.ts";
import { useChangePlaylistAvatar } from "../../../features/playlists/api/change-playlist-avatar.ts";
import { usePlaylist } from "../../../features/playlists/api/get-playlist.ts";
import { playlistAvatarUrl } from "../../../features/playlists/api/get-playlist-avatar.ts";
import { useRemovePlaylist } from "../../../features/playlists/api/remove-playlist.ts";
import { PlaylistDetailsForm } from "../../../features/playlists/components/playlist-details-form.tsx";
import { PlaylistSummaryTrack } from "../../../features/playlists/components/playlist-summary-track.tsx";
import { PlaylistTariffs } from "../../../features/playlists/components/playlist-tariffs.tsx";
import { PlaylistVersions } from "../../../features/playlists/components/playlist-versions.tsx";
import { VersionTracks } from "../../../features/playlists/components/version-tracks.tsx";
import { useDeleteEntries } from "../../../features/vault/api/delete-entries.ts";
import { useEntryTree } from "../../../features/vault/api/entry-tree.ts";
import { useMakeVersion } from "../../../features/vault/api/make-version.ts";
import { useOrderEntries } from "../../../features/vault/api/order-entries.ts";
import { useUploadQueue } from "../../../features/vault/hooks/upload-queue-context.tsx";
import {
  entryHref,
  findPath,
  LIBRARY_PARAMS,
  partitionHref,
} from "../../../features/vault/library-location.ts";
import { useApiClient, useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { ListenerPlaylistScreen } from "./listener-playlist.tsx";
import { TrackTransferHint, useVersionTrackTransfer } from "./version-track-transfer.tsx";

/** No tracks to show while another version's are loading (one array: no new render each time). */
const LOADING_TRACKS: readonly PlaylistTrack[] = [];

/** Playlist: a client listens to it, a content manager edits it. */
export default function PlaylistRoute() {
  const { role } = useSessionState();
  return roleMay(role, "ownVenues") ? <ListenerPlaylistScreen /> : <PlaylistScreen />;
}

/**
 * The playlist editor (`/playlists/edit/{id}`, `?version=` the version
 * shown), the one view of a playlist and its versions: name, description, tags and cover; the versions, one of them
 * current; the tracks of the chosen version in order — reordered by
 * dragging, removed, added by upload or from the library, moved or copied
 * to another version or Tracks folder (checked and 'Переместить', or
 * dragged onto the library tree) — and their total duration; and which
 * tariffs hold it (who hears it).
 */
function PlaylistScreen() {
  const { id = "" } = useParams();
  const [search, setSearch] = useSearchParams();
  const versionParam = search.get(LIBRARY_PARAMS.version);
  const navigate = useNavigate();
  const api = useApiClient();
  const playlistQuery = usePlaylist(id, versionParam);
  const changePlaylist = useChangePlaylist(id);
  const changeAvatar = useChangePlaylistAvatar();
  const removePlaylist = useRemovePlaylist();
  const makeVersion = useMakeVersion();
  const orderEntries = useOrderEntries();
  const deleteEntries = useDeleteEntries();
  const uploads = useUploadQueue();
  const trackTransfer = useVersionTrackTransfer();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const playlist = playlistQuery.data;
  const playlistsTree = useEntryTree(PARTITION_IDS.playlists);

  const hasCover = playlist?.hasCover ?? false;
  const updatedAt = playlist?.updatedAt;
  // One address per stored cover: a token refresh must not reload the image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed cover changes updatedAt.
  const coverUrl = useMemo(
    () => (hasCover ? playlistAvatarUrl(api, id) : null),
    [api, id, hasCover, updatedAt],
  );

  if (playlistQuery.isPending) {
    return (
      <Page title={ROUTES.Playlist.title}>
        <Spinner />
      </Page>
    );
  }
  if (!playlist) {
    return (
      <Page
        title={ROUTES.Playlist.title}
        actions={<BackLink label="Плейлисты" to={pathTo("Playlists")} />}
      >
        <EmptyState icon="playlists" title="Не удалось открыть плейлист">
          {errorText(playlistQuery.error)}
        </EmptyState>
      </Page>
    );
  }

  const viewedVersionId = versionParam ?? playlist.currentVersionId;
  const viewedVersion = playlist.versions.find((version) => version.entryId === viewedVersionId);
  const showVersion = (versionId: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(LIBRARY_PARAMS.version, versionId);
        return next;
      },
      { replace: true },
    );
  // Back to the folder that holds the playlist: the editor is the playlist's own view.
  const folder = findPath(
    playlistsTree.data ? [playlistsTree.data] : [],
    (node) => node.entryType === "playlist" && node.playlistId === playlist.id,
  )?.at(-2);
  const back = playlist.entryId
    ? { label: "В библиотеку", to: folder ? entryHref(folder) : partitionHref("playlists") }
    : { label: "Плейлисты", to: pathTo("Playlists") };

  return (
    <Page
      title={playlist.name}
      description={`Версий: ${playlist.versions.length}${playlist.tags.length ? ` · ${playlist.tags.join(", ")}` : ""}`}
      actions={
        <>
          <BackLink {...back} />
          {!playlist.deleted && (
            <Button variant="ghost" icon="trash" onClick={() => setConfirmingRemoval(true)}>
              Удалить плейлист
            </Button>
          )}
        </>
      }
    >
      {playlist.deleted && (
        <div className="banner">
          <p>Плейлист в корзине: клиенты его не видят.</p>
          <Link to={pathTo("Deleted")}>Открыть корзину</Link>
        </div>
      )}
      <Section title="Плейлист">
        {playlist.tariffs && <PlaylistTariffs tariffs={playlist.tariffs} />}
        <PlaylistDetailsForm
          key={playlist.id}
          playlist={playlist}
          coverUrl={coverUrl}
          submitLabel="Сохранить"
          onSubmit={async ({ name, description, tags, cover }) => {
            await changePlaylist.mutateAsync({ name, description, tags });
            if (cover) await changeAvatar.mutateAsync({ playlistId: playlist.id, file: cover });
            toast.success("Плейлист сохранён");
          }}
        />
        <PlaylistSummaryTrack playlist={playlist} editable />
      </Section>
      <Section title="Версии">
        <PlaylistVersions
          playlist={playlist}
          viewedVersionId={viewedVersionId}
          onView={showVersion}
          changingCurrent={changePlaylist.isPending}
          onMakeCurrent={(versionId) =>
            changePlaylist.mutate(
              { currentVersionId: versionId },
              {
                onSuccess: () => toast.success("Текущая версия изменена"),
                onError: (error) => toast.error(errorText(error)),
              },
            )
          }
          creating={makeVersion.isPending}
          onCreate={
            playlist.entryId && !playlist.deleted
              ? () =>
                  makeVersion.mutate(
                    { playlistEntryId: playlist.entryId as string },
                    {
                      onSuccess: (version) => {
                        toast.success(`Создана ${version.name}`);
                        showVersion(version.entryId);
                      },
                      onError: (error) => toast.error(errorText(error)),
                    },
                  )
              : undefined
          }
        />
      </Section>
      {viewedVersion ? (
        <Section title={`Треки: ${viewedVersion.name}`}>
          <VersionTracks
            key={viewedVersion.entryId}
            versionName={viewedVersion.name}
            tracks={playlistQuery.isPlaceholderData ? LOADING_TRACKS : playlist.tracks}
            onReorder={(entryIds) =>
              orderEntries.mutateAsync(
                { versionId: viewedVersion.entryId, entryIds },
                { onError: (error) => toast.error(errorText(error)) },
              )
            }
            onRemove={(track) =>
              deleteEntries.mutate(
                { parentId: viewedVersion.entryId, entryIds: [track.entryId] },
                {
                  onSuccess: (result) => {
                    if (result.entries.length > 0)
                      toast.success(`«${track.song.title}» убран в корзину`);
                    for (const failed of result.failedEntries) toast.error(failed.reason);
                  },
                  onError: (error) => toast.error(errorText(error)),
                },
              )
            }
            onFilesDropped={(files) =>
              uploads.add(files, { entryId: viewedVersion.entryId, name: viewedVersion.name })
            }
            // A playlist in the trash keeps its tracks there: they leave only with it.
            {...(playlist.deleted ? {} : trackTransfer.propsFor(viewedVersion.entryId))}
            actions={
              <>
                <Button icon="upload" onClick={() => fileInputRef.current?.click()}>
                  Загрузить треки
                </Button>
                <Link
                  className="button button--secondary button--md"
                  to={pathTo("AddAudios", {}, { [LIBRARY_PARAMS.target]: viewedVersion.entryId })}
                >
                  <Icon name="music" />
                  Добавить из библиотеки
                </Link>
              </>
            }
          />
          {!playlist.deleted && <TrackTransferHint />}
          <AudioFilePicker
            inputRef={fileInputRef}
            label="Аудиофайлы для версии"
            onFiles={(files) =>
              uploads.add(files, { entryId: viewedVersion.entryId, name: viewedVersion.name })
            }
          />
        </Section>
      ) : (
        playlist.versions.length > 0 && (
          <Section title="Треки">
            <p className="muted">Выберите версию, чтобы увидеть её треки.</p>
          </Section>
        )
      )}
      {trackTransfer.dialogs}
      {confirmingRemoval && (
        <Modal
          title="Удалить плейлист?"
          onClose={() => setConfirmingRemoval(false)}
          footer={
            <>
              <Button
                variant="danger"
                busy={removePlaylist.isPending}
                onClick={() =>
                  removePlaylist.mutate(playlist.id, {
                    onSuccess: () => {
                      toast.success("Плейлист перемещён в корзину");
                      navigate(pathTo("Playlists"), { replace: true });
                    },
                    onError: (error) => toast.error(errorText(error)),
                  })
                }
              >
                Удалить
              </Button>
              <Button variant="ghost" onClick={() => setConfirmingRemoval(false)}>
                Отмена
              </Button>
            </>
          }
        >
          <p className="modal__lead">
            «{playlist.name}» переместится в корзину со всеми версиями. Его можно будет
            восстановить.
          </p>
        </Modal>
      )}
    </Page>
  );
}
