import type { BusinessCard, Organization, SettlementAccount } from "@fonika/shared";
import { Icon } from "../../../components/ui/icon.tsx";
import { PAYMENT_METHOD_LABELS } from "./payment-method-form.tsx";

/** A payment method as the lists show and remove it. */
export type PaymentMethod =
  | { kind: "settlement-account"; method: SettlementAccount }
  | { kind: "business-card"; method: BusinessCard };

export function paymentMethodsOf(organization: Organization): PaymentMethod[] {
  return [
    ...organization.accounts.map((method) => ({ kind: "settlement-account" as const, method })),
    ...organization.cards.map((method) => ({ kind: "business-card" as const, method })),
  ];
}

/** How a payment method is named in buttons and messages. */
export function paymentMethodName(payment: PaymentMethod): string {
  return payment.kind === "settlement-account"
    ? `счёт ${payment.method.accountNumber}`
    : `карту ${payment.method.maskedNumber}`;
}

interface PaymentMethodsListProps {
  organization: Organization;
  /** Given when the viewer may remove payment methods. */
  onRemove?: (payment: PaymentMethod) => void;
  /** The method being removed right now. */
  removingId?: string | null;
}

/** An organization's settlement accounts and business cards (cards only masked). */
export function PaymentMethodsList({
  organization,
  onRemove,
  removingId,
}: PaymentMethodsListProps) {
  const methods = paymentMethodsOf(organization);
  if (methods.length === 0) {
    return <p className="muted payment-methods__empty">Способы оплаты не добавлены</p>;
  }
  return (
    <ul className="payment-methods" aria-label={`Способы оплаты: ${organization.company}`}>
      {methods.map((payment) => (
        <li className="payment-method" key={payment.method.id}>
          <span className="payment-method__icon" aria-hidden="true">
            <Icon name={payment.kind === "settlement-account" ? "shield" : "subscriptions"} />
          </span>
          <div className="payment-method__text">
            <span className="payment-method__kind">{PAYMENT_METHOD_LABELS[payment.kind]}</span>
            {payment.kind === "settlement-account" ? (
              <span className="payment-method__number">
                {payment.method.accountNumber}
                <span className="muted">
                  {" "}
                  · БИК {payment.method.bik}
                  {payment.method.bankName ? ` · ${payment.method.bankName}` : ""}
                </span>
              </span>
            ) : (
              <span className="payment-method__number">
                {payment.method.maskedNumber}
                {payment.method.holder && <span className="muted"> · {payment.method.holder}</span>}
              </span>
            )}
          </div>
          {onRemove && (
            <button
              type="button"
              className="icon-button icon-button--small icon-button--danger"
              aria-label={`Удалить ${paymentMethodName(payment)}`}
              disabled={removingId === payment.method.id}
              onClick={() => onRemove(payment)}
            >
              <Icon name="trash" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
