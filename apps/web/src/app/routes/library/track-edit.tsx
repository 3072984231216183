import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { PlayButton } from "../../../components/audio/preview-player.tsx";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useGenres } from "../../../features/catalog/api/list-genres.ts";
import { useChangeSongAvatar } from "../../../features/songs/api/change-song-avatar.ts";
import { useChangeSongMeta } from "../../../features/songs/api/change-song-meta.ts";
import { songAvatarUrl } from "../../../features/songs/api/get-song-avatar.ts";
import { useSongMeta } from "../../../features/songs/api/get-song-meta.ts";
import { useSongRatings } from "../../../features/songs/api/get-song-ratings.ts";
import { SongRatingStars } from "../../../features/songs/components/song-rating.tsx";
import { SongUpload } from "../../../features/songs/components/song-upload.tsx";
import { TrackEditor } from "../../../features/songs/components/track-editor.tsx";
import { useApiClient } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";

const back = { label: "Треки", to: pathTo("AddAudios") };

/** `/tracks/edit`: a new song from one uploaded file, then its editor. */
function NewTrack() {
  const navigate = useNavigate();
  return (
    <Page
      title="Новый трек"
      description="Загрузите аудиофайл, затем проверьте сведения о треке."
      actions={<BackLink {...back} />}
    >
      <Section title="Аудиофайл">
        <SongUpload
          onUploaded={(song) => navigate(pathTo("TrackEdit", { id: song.id }), { replace: true })}
        />
      </Section>
    </Page>
  );
}

/** `/tracks/edit/{id}`: a song's meta and cover, and its rating. */
function EditTrack({ songId }: { songId: string }) {
  const api = useApiClient();
  const song = useSongMeta(songId);
  const genres = useGenres();
  const changeMeta = useChangeSongMeta(songId);
  const changeAvatar = useChangeSongAvatar(songId);
  const rating = useSongRatings([songId]).get(songId);
  const hasCover = song.data?.hasCover ?? false;
  const updatedAt = song.data?.updatedAt;
  // One address per stored cover: a token refresh must not reload the image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed cover changes updatedAt.
  const coverUrl = useMemo(
    () => (hasCover ? songAvatarUrl(api, songId) : null),
    [api, songId, hasCover, updatedAt],
  );

  if (song.isPending) {
    return (
      <Page title={ROUTES.TrackEdit.title} actions={<BackLink {...back} />}>
        <Spinner />
      </Page>
    );
  }
  if (!song.data) {
    return (
      <Page title={ROUTES.TrackEdit.title} actions={<BackLink {...back} />}>
        <EmptyState icon="music" title="Не удалось открыть трек">
          {errorText(song.error)}
        </EmptyState>
      </Page>
    );
  }
  const data = song.data;
  return (
    <Page
      title={data.title}
      description={data.artists.join(", ") || "Исполнитель не указан"}
      actions={
        <>
          <PlayButton track={{ songId: data.id, title: data.title, artists: data.artists }} />
          <BackLink {...back} />
        </>
      }
    >
      {genres.isError && (
        <div className="banner">
          <p>Список жанров не загрузился: жанр сейчас не выбрать.</p>
        </div>
      )}
      <Section title="Сведения о треке">
        <TrackEditor
          key={data.id}
          song={data}
          genres={genres.data?.data ?? []}
          coverUrl={coverUrl}
          onSave={async (change, cover) => {
            await changeMeta.mutateAsync(change);
            if (cover) await changeAvatar.mutateAsync(cover);
            toast.success("Сведения о треке сохранены");
          }}
        />
      </Section>
      {rating && (
        <Section title="Рейтинг">
          <SongRatingStars title={data.title} rating={rating} />
        </Section>
      )}
    </Page>
  );
}

/** TrackEdit: the editor of a song, or the upload of a new one without an id. */
export default function TrackEditScreen() {
  const { id } = useParams();
  return id ? <EditTrack key={id} songId={id} /> : <NewTrack />;
}
