import { useSearchParams } from "react-router";
import { Page } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { UserSubscriptions } from "../../../features/subscriptions/components/user-subscriptions.tsx";
import { TariffCards } from "../../../features/tariffs/components/tariff-cards.tsx";
import { useSessionState } from "../../../lib/app-services.ts";

/**
 * `/subscribe`: the tariffs on offer as cards, each leading to its detail
 * page (where an establishment is subscribed), and the user's own
 * subscriptions. `?establishmentId=` (from an establishment's page) is kept
 * through to the detail page, which preselects that establishment.
 */
export default function SubscribeScreen() {
  const { userId } = useSessionState();
  const [searchParams] = useSearchParams();
  const establishmentId = searchParams.get("establishmentId") ?? undefined;
  return (
    <Page
      title={ROUTES.Subscribe.title}
      description="Выберите тариф, чтобы в вашем заведении зазвучала музыка."
    >
      <TariffCards
        detailPath={(tariff) => pathTo("DetailTariff", { id: tariff.id }, { establishmentId })}
      />
      {userId && <UserSubscriptions userId={userId} title="Ваши подписки" />}
    </Page>
  );
}
