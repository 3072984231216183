import type { Subscription } from "@fonika/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatRoubles } from "../../../lib/format.ts";
import { useActivateSubscription } from "../api/activate-subscription.ts";
import { useDecideSubscriptionItem } from "../api/decide-subscription-item.ts";
import { useEndSubscription } from "../api/end-subscription.ts";
import { useResumeSubscription } from "../api/resume-subscription.ts";
import { useSuspendSubscription } from "../api/suspend-subscription.ts";
import { APPROVAL_LABELS, APPROVAL_TONES, monthsText, periodText } from "../subscription-texts.ts";
import { changeWithToast } from "./change-with-toast.ts";
import "../subscriptions.css";

/** What the subscription is: client, establishment, tariff, payer, period and prices. */
export function SubscriptionSummary({ subscription }: { subscription: Subscription }) {
  const rows: Array<[string, string]> = [
    ["Клиент", subscription.clientName || "—"],
    ["Заведение", subscription.establishmentName],
    ["Тариф", subscription.tariffInfo.tariffName],
    ["Плательщик", subscription.organizationInfo.organizationName],
    ["Способ оплаты", subscription.paymentInfo.cardId ? "Бизнес-карта" : "Расчётный счёт"],
    ["Период", `${monthsText(subscription.periodMonths)}, ${periodText(subscription)}`],
    ["В месяц", formatRoubles(subscription.price)],
    ["Разово", formatRoubles(subscription.oneTimePrice)],
    ["Итого за период", formatRoubles(subscription.totalPrice)],
  ];
  return (
    <dl className="summary">
      {rows.map(([label, value]) => (
        <div key={label} className="summary__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The state actions the server allows on this subscription right now:
 * activate, suspend, resume, end (ending asks first). Nothing when none.
 */
export function SubscriptionActions({ subscription }: { subscription: Subscription }) {
  const { abilities, id } = subscription;
  const activate = useActivateSubscription(id);
  const suspend = useSuspendSubscription(id);
  const resume = useResumeSubscription(id);
  const end = useEndSubscription(id);
  const [askingEnd, setAskingEnd] = useState(false);
  const waiting = subscription.items.some((item) => item.approval === "pending");

  if (!abilities.activate && !abilities.suspend && !abilities.resume && !abilities.end) {
    return null;
  }
  return (
    <div className="subscription-actions">
      {abilities.activate && (
        <Button
          busy={activate.isPending}
          onClick={() => changeWithToast(activate, "Подписка активирована")}
        >
          Активировать
        </Button>
      )}
      {!abilities.activate && subscription.state === "pending" && waiting && (
        <span className="muted">
          Активировать можно, когда все позиции согласованы или отклонены.
        </span>
      )}
      {abilities.suspend && (
        <Button
          variant="secondary"
          busy={suspend.isPending}
          onClick={() => changeWithToast(suspend, "Подписка приостановлена")}
        >
          Приостановить
        </Button>
      )}
      {abilities.resume && (
        <Button
          busy={resume.isPending}
          onClick={() => changeWithToast(resume, "Подписка возобновлена")}
        >
          Возобновить
        </Button>
      )}
      {abilities.end && (
        <Button variant="danger" onClick={() => setAskingEnd(true)}>
          Завершить
        </Button>
      )}
      {askingEnd && (
        <ConfirmDialog
          title="Завершить подписку?"
          confirmLabel="Завершить подписку"
          cancelLabel="Не завершать"
          tone="danger"
          busy={end.isPending}
          onConfirm={() =>
            void changeWithToast(end, "Подписка завершена").finally(() => setAskingEnd(false))
          }
          onClose={() => setAskingEnd(false)}
        >
          Подписка заведения «{subscription.establishmentName}» закончится сейчас; музыка по тарифу
          «{subscription.tariffInfo.tariffName}» перестанет играть.
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * The chosen items with their price and approval; those that need approval
 * get 'Согласовать' / 'Отклонить' when the server allows deciding them.
 */
export function SubscriptionItems({ subscription }: { subscription: Subscription }) {
  const decide = useDecideSubscriptionItem(subscription.id);
  if (subscription.items.length === 0) {
    return <p className="muted">Дополнительные позиции не выбраны.</p>;
  }
  const deciding = decide.isPending ? decide.variables : undefined;
  const decideItem = (itemId: string, approval: "approved" | "rejected") =>
    decide.mutate(
      { itemId, approval },
      {
        onSuccess: () =>
          toast.success(approval === "approved" ? "Позиция согласована" : "Позиция отклонена"),
        onError: (error) => toast.error(errorText(error)),
      },
    );
  return (
    <ul className="subscription-items">
      {subscription.items.map((item) => {
        const decidable = subscription.abilities.approveItems && item.approval !== "not-required";
        return (
          <li key={item.itemId} className="subscription-items__row">
            <div className="subscription-items__main">
              <strong>{item.name}</strong>
              <span className="subscriptions-table__sub">
                {item.featureName} · {formatRoubles(item.price)}
                {item.recurrent ? " в месяц" : " разово"}
              </span>
            </div>
            <StatusChip
              label={APPROVAL_LABELS[item.approval]}
              tone={APPROVAL_TONES[item.approval]}
            />
            {decidable && (
              <div className="subscription-items__decide">
                {item.approval !== "approved" && (
                  <Button
                    variant="secondary"
                    busy={deciding?.itemId === item.itemId && deciding.approval === "approved"}
                    disabled={decide.isPending}
                    aria-label={`Согласовать «${item.name}»`}
                    onClick={() => decideItem(item.itemId, "approved")}
                  >
                    Согласовать
                  </Button>
                )}
                {item.approval !== "rejected" && (
                  <Button
                    variant="ghost"
                    busy={deciding?.itemId === item.itemId && deciding.approval === "rejected"}
                    disabled={decide.isPending}
                    aria-label={`Отклонить «${item.name}»`}
                    onClick={() => decideItem(item.itemId, "rejected")}
                  >
                    Отклонить
                  </Button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
