import { type Establishment, PAGING } from "@fonika/shared";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useAddEstablishment } from "../../../features/establishments/api/add-establishment.ts";
import {
  establishmentsQueryKey,
  useEstablishments,
} from "../../../features/establishments/api/list-establishments.ts";
import { SubscriptionSummary } from "../../../features/establishments/components/subscription-summary.tsx";
import {
  useVenueDraft,
  VenueFields,
} from "../../../features/establishments/components/venue-fields.tsx";
import { useOrganizations } from "../../../features/organizations/api/list-organizations.ts";
import { PayerDialog } from "../../../features/organizations/components/payer-dialog.tsx";
import { SubscribeButton } from "../../../features/subscriptions/components/subscribe-button.tsx";
import { TariffChoiceCards } from "../../../features/tariffs/components/tariff-cards.tsx";
import { errorText } from "../../../lib/error-messages.ts";

/** Every venue of the client in one answer: a waiting account has one or a few. */
const ALL_VENUES = { page: 0, query: "", count: PAGING.maxPageSize } as const;

/**
 * A waiting account's venue, added in the cabinet when there is none (an
 * account made before the profile asked for it, or whose venue was refused).
 */
function AddFirstVenue({ userId }: { userId: string }) {
  const draft = useVenueDraft();
  const add = useAddEstablishment(userId);
  const [submitted, setSubmitted] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const input = draft.check();
    if (!input) return;
    try {
      const venue = await add.mutateAsync(input);
      toast.success(`Заведение «${venue.name}» добавлено`);
    } catch {
      // Said under the fields (add.error).
    }
  };

  return (
    <Section title="Ваше заведение">
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <p className="muted">Где будет играть музыка: название и адрес, по нему — часовой пояс.</p>
        <VenueFields draft={draft} showErrors={submitted} />
        {add.isError && (
          <p className="form__error" role="alert">
            {`Заведение не добавлено: ${errorText(add.error)}`}
          </p>
        )}
        <div className="form__actions">
          <Button type="submit" busy={add.isPending}>
            Добавить заведение
          </Button>
        </div>
      </form>
    </Section>
  );
}

/**
 * The tariffs for a venue without a subscription, each with «Подписаться»:
 * a month of the tariff, paid as the subscription form would choose, a
 * card added in place when there is nothing to pay by.
 */
function ChooseTariff({ userId, venue }: { userId: string; venue: Establishment }) {
  const organizations = useOrganizations(userId);
  const queryClient = useQueryClient();
  // The venue shows its new subscription in place of the tariffs.
  const handleSubscribed = async () => {
    await queryClient.invalidateQueries({ queryKey: establishmentsQueryKey });
    toast.success("Подписка оформлена и ждёт подключения клиентским менеджером");
  };
  return (
    <Section title={`Тариф для «${venue.name}»`}>
      <TariffChoiceCards
        action={(tariff) =>
          organizations.isPending ? (
            <Skeleton height="2.6em" />
          ) : (
            <SubscribeButton
              userId={userId}
              tariff={tariff}
              establishmentId={venue.id}
              organizations={organizations.data ?? []}
              renderPayerDialog={(request) => (
                <PayerDialog userId={userId} overForm={false} {...request} />
              )}
              onSubscribed={handleSubscribed}
            />
          )
        }
      />
      <p className="muted waiting-venue__note">
        Подписка на месяц для «{venue.name}», {venue.address}; оплата — после подключения
        менеджером. Позиции тарифа на выбор —{" "}
        <Link to={pathTo("Subscribe", {}, { establishmentId: venue.id })}>на странице тарифов</Link>
        .
      </p>
    </Section>
  );
}

/**
 * What a waiting account sets up while it waits (issue 28): its venue, then
 * a tariff for it with «Подписаться» right here, then the venue with its
 * subscription and what happens next. Music starts once a manager
 * activates the account and the subscription.
 */
export function WaitingVenue({ userId }: { userId: string }) {
  const venues = useEstablishments(userId, ALL_VENUES);
  if (venues.isPending) {
    return (
      <Section title="Ваше заведение">
        <Skeleton height="2.6em" />
        <Skeleton height="2.6em" width="60%" />
      </Section>
    );
  }
  if (venues.isError) {
    return (
      <Section title="Ваше заведение">
        <EmptyState icon="alert" title="Не удалось загрузить заведения">
          {errorText(venues.error)}
        </EmptyState>
      </Section>
    );
  }
  const all = venues.data.data;
  if (all.length === 0) return <AddFirstVenue userId={userId} />;
  // The first venue still without a subscription is the one to choose a tariff for.
  const unsubscribed = all.find((venue) => venue.abilities.subscribe);
  const subscribed = all.filter((venue) => venue.subscriptionInfo);
  return (
    <>
      {unsubscribed && <ChooseTariff userId={userId} venue={unsubscribed} />}
      {subscribed.length > 0 && (
        <Section title={subscribed.length === 1 ? "Ваше заведение" : "Ваши заведения"}>
          <ul className="waiting-venues">
            {subscribed.map((venue) => (
              <li key={venue.id} className="waiting-venues__item">
                <Link
                  className="waiting-venues__name"
                  to={pathTo("ClientObject", { id: venue.id })}
                >
                  {venue.name}
                </Link>
                <span className="muted">{venue.address}</span>
                <SubscriptionSummary establishment={venue} detailed />
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}
