import type { Subscription } from "@fonika/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatRoubles } from "../../../lib/format.ts";
import { subscriptionStateText } from "../../../lib/subscription-states.ts";
import { useEndSubscription } from "../api/end-subscription.ts";
import { useUserSubscriptions } from "../api/list-user-subscriptions.ts";
import { awaitingItemsText, periodText } from "../subscription-texts.ts";
import { SubscriptionStateChip } from "./subscription-state-chip.tsx";
import "../subscriptions.css";

/** A pending subscription the client withdraws (the server allows it while pending). */
function CancelButton({ subscription }: { subscription: Subscription }) {
  const end = useEndSubscription(subscription.id);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="ghost" onClick={() => setAsking(true)}>
        Отменить
      </Button>
      {asking && (
        <ConfirmDialog
          title="Отменить подписку?"
          confirmLabel="Отменить подписку"
          cancelLabel="Не отменять"
          tone="danger"
          busy={end.isPending}
          error={end.isError ? errorText(end.error) : null}
          onConfirm={() =>
            // Through the promise: the news of the change may read the list again and take
            // this button away before the answer, and mutate's callbacks would then be dropped.
            // A refusal shows in the dialog (`end.error`).
            end.mutateAsync().then(
              () => {
                setAsking(false);
                toast.success("Подписка отменена");
              },
              () => undefined,
            )
          }
          onClose={() => setAsking(false)}
        >
          Подписка заведения «{subscription.establishmentName}» на тариф «
          {subscription.tariffInfo.tariffName}» будет завершена.
        </ConfirmDialog>
      )}
    </>
  );
}

function SubscriptionRow({ subscription }: { subscription: Subscription }) {
  const awaiting = awaitingItemsText(subscription);
  return (
    <li className="user-subscription">
      <div className="user-subscription__main">
        <p className="user-subscription__title">
          {subscription.establishmentName}
          <span className="muted"> · {subscription.tariffInfo.tariffName}</span>
        </p>
        <p className="muted user-subscription__facts">
          {formatRoubles(subscription.price)} в месяц · {periodText(subscription)}
        </p>
        <p className="user-subscription__next">
          {subscriptionStateText(subscription)}
          {awaiting && ` ${awaiting}`}
        </p>
      </div>
      <SubscriptionStateChip state={subscription.state} />
      {subscription.abilities.end && subscription.state === "pending" && (
        <CancelButton subscription={subscription} />
      )}
    </li>
  );
}

/**
 * The signed-in user's own subscriptions, newest first; nothing at all for
 * someone who holds none (staff are not clients: the server answers 404).
 */
export function UserSubscriptions({ userId, title }: { userId: string; title: string }) {
  const subscriptions = useUserSubscriptions(userId);
  if (subscriptions.isError) {
    if (isApiError(subscriptions.error) && subscriptions.error.status === 404) return null;
    return (
      <div className="banner" role="alert">
        <p>Не удалось загрузить ваши подписки: {errorText(subscriptions.error)}</p>
      </div>
    );
  }
  if (!subscriptions.data || subscriptions.data.length === 0) return null;
  return (
    <section className="card" aria-labelledby="user-subscriptions-title">
      <header className="card__header">
        <h2 className="card__title" id="user-subscriptions-title">
          {title}
        </h2>
      </header>
      <ul className="user-subscriptions">
        {subscriptions.data.map((subscription) => (
          <SubscriptionRow key={subscription.id} subscription={subscription} />
        ))}
      </ul>
    </section>
  );
}
