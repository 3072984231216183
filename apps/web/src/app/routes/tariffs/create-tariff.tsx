import type { TariffInput } from "@fonika/shared";
import { useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { playlistsQueryOptions } from "../../../features/playlists/api/list-playlists.ts";
import { useAddTariff } from "../../../features/tariffs/api/add-tariff.ts";
import { useChangeTariff } from "../../../features/tariffs/api/change-tariff.ts";
import { useTariff } from "../../../features/tariffs/api/get-tariff.ts";
import { TariffForm } from "../../../features/tariffs/components/tariff-form.tsx";
import { usePlaylistSearch } from "../../../features/tariffs/hooks/use-playlist-search.ts";
import { draftOf, emptyDraft, type TariffDraft } from "../../../features/tariffs/tariff-draft.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";

const back = { label: "Тарифы", to: pathTo("AllTariff") };
function TariffEditor({
  initial,
  submitLabel,
  save,
}: {
  initial: TariffDraft;
  submitLabel: string;
  save: (input: TariffInput) => Promise<void>;
}) {
  const api = useApiClient();
  const playlistSearch = usePlaylistSearch((text) => playlistsQueryOptions(api, { text }));
  return (
    <TariffForm
      initial={initial}
      submitLabel={submitLabel}
      playlistSearch={playlistSearch}
      onSubmit={save}
    />
  );
}

function NewTariff() {
  const navigate = useNavigate();
  const add = useAddTariff();
  return (
    <Page
      title="Новый тариф"
      description="Тип, цена, функции с позициями, преимущества и плейлисты тарифа."
      actions={<BackLink {...back} />}
    >
      <TariffEditor
        initial={emptyDraft()}
        submitLabel="Создать тариф"
        save={async (input) => {
          const tariff = await add.mutateAsync(input);
          toast.success(`Тариф «${tariff.name}» создан`);
          navigate(pathTo("AllTariff"));
        }}
      />
    </Page>
  );
}

function EditTariff({ tariffId }: { tariffId: string }) {
  const navigate = useNavigate();
  const tariff = useTariff(tariffId);
  const change = useChangeTariff(tariffId);
  if (tariff.isPending) {
    return (
      <Page title={ROUTES.CreateTariff.title} actions={<BackLink {...back} />}>
        <Spinner />
      </Page>
    );
  }
  if (tariff.isError) {
    return (
      <Page title={ROUTES.CreateTariff.title} actions={<BackLink {...back} />}>
        <EmptyState icon="tariffs" title="Не удалось открыть тариф">
          {errorText(tariff.error)}
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page
      title={tariff.data.name}
      description="Изменения цен не затрагивают уже оформленные подписки."
      actions={<BackLink {...back} />}
    >
      <TariffEditor
        initial={draftOf(tariff.data)}
        submitLabel="Сохранить"
        save={async (input) => {
          const saved = await change.mutateAsync(input);
          toast.success(`Тариф «${saved.name}» сохранён`);
          navigate(pathTo("AllTariff"));
        }}
      />
    </Page>
  );
}

/** `/create-tariff/{id?}` (admin): a new tariff, or the tariff `id` to change. */
export default function CreateTariffScreen() {
  const { id } = useParams();
  return id ? <EditTariff key={id} tariffId={id} /> : <NewTariff />;
}
