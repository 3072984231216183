import type { Organization, Subscription, Tariff } from "@fonika/shared";
import { type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { useSubmission } from "../../../lib/use-submission.ts";
import { useAddSubscription } from "../api/add-subscription.ts";
import { includedItemIds } from "../subscription-pricing.ts";
import type { PayerDialogRequest } from "./subscription-form.tsx";
import { firstPayerOf, paymentOptionsOf, withAdded } from "./subscription-payers.ts";
import "../subscriptions.css";

const NO_PAYMENT_METHOD =
  "У организации нет расчётного счёта или карты: добавьте способ оплаты в профиле.";

interface SubscribeButtonProps {
  /** The client who subscribes. */
  userId: string;
  tariff: Tariff;
  establishmentId: string;
  /** The client's organizations: the payer is chosen among them as the subscription form does. */
  organizations: readonly Organization[];
  /** The dialog that adds a card or account (and an organization first, when there is none). */
  renderPayerDialog: (request: PayerDialogRequest) => ReactNode;
  /** Awaited while the button stays busy (the screen reads the venue again). */
  onSubscribed?: (subscription: Subscription) => Promise<void> | void;
}

/**
 * «Подписаться» on a tariff's card (issue 28): the venue subscribed to the
 * tariff for a month with what the tariff includes, paid as the
 * subscription form would choose (an organization that can pay, else the
 * profile's own, its first card or account). With nothing to pay by, the
 * payer dialog opens in place, and the subscription goes on once a card or
 * account is added there. Items to choose are chosen on the tariff's page.
 */
export function SubscribeButton({
  userId,
  tariff,
  establishmentId,
  organizations,
  renderPayerDialog,
  onSubscribed,
}: SubscribeButtonProps) {
  const [added, setAdded] = useState<ReadonlyMap<string, Organization>>(() => new Map());
  /** The payer dialog: closed (undefined), adding an organization (null) or a payment method to one. */
  const [payerDialog, setPayerDialog] = useState<Organization | null | undefined>(undefined);
  const subscribe = useAddSubscription(userId);
  const { busy, error, setError, submit } = useSubmission();

  const send = (organizationId: string, paymentMethodId: string) =>
    submit(async () => {
      const subscription = await subscribe.mutateAsync({
        establishmentId,
        tariffId: tariff.id,
        itemIds: includedItemIds(tariff),
        organizationId,
        paymentMethodId,
        periodMonths: 1,
      });
      await onSubscribed?.(subscription);
    });

  const handleClick = () => {
    setError(null);
    const payer = firstPayerOf(withAdded(organizations, added));
    const method = paymentOptionsOf(payer)[0]?.value;
    if (payer && method) {
      void send(payer.id, method);
      return;
    }
    if (!payer || payer.abilities.edit) setPayerDialog(payer ?? null);
    else setError(NO_PAYMENT_METHOD);
  };

  const handlePayerAdded = (payer: Organization, paymentMethodId: string) => {
    setAdded((current) => new Map(current).set(payer.id, payer));
    setPayerDialog(undefined);
    void send(payer.id, paymentMethodId);
  };

  return (
    <>
      <Button
        className="subscribe-button"
        busy={busy}
        aria-label={`Подписаться на тариф ${tariff.name}`}
        onClick={handleClick}
      >
        Подписаться
      </Button>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {payerDialog !== undefined &&
        renderPayerDialog({
          organization: payerDialog,
          onAdded: handlePayerAdded,
          onClose: () => setPayerDialog(undefined),
        })}
    </>
  );
}
