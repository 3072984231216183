import { type Establishment, type Organization, TARIFFS, type Tariff } from "@fonika/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { formatRoubles } from "../../../lib/format.ts";
import { includedItemIds, priceSubscription } from "../subscription-pricing.ts";
import { monthsText } from "../subscription-texts.ts";
import "../subscriptions.css";
import { useSubmission } from "../../../lib/use-submission.ts";
import { ItemChoice } from "./item-choice.tsx";
import { firstPayerOf, paymentOptionsOf, withAdded } from "./subscription-payers.ts";

type Period = (typeof TARIFFS.periodsInMonths)[number];

/** What the form sends: the subscription input, the establishment only when one is chosen here. */
export interface SubscriptionFormValues {
  establishmentId: string | null;
  tariffId: string;
  itemIds: string[];
  organizationId: string;
  paymentMethodId: string;
  periodMonths: Period;
}

interface SubscriptionFormProps {
  /** The tariffs to choose from; with one, it is fixed and no choice is shown. */
  tariffs: readonly Tariff[];
  /**
   * The establishments that may be subscribed (add); null when the
   * subscription already has its establishment (change).
   */
  establishments: readonly Establishment[] | null;
  organizations: readonly Organization[];
  initial: Partial<SubscriptionFormValues>;
  /** Shown instead of the payer fields while the client has no organization. */
  noOrganizations: ReactNode;
  /** Shown under the payment method while the chosen organization has none. */
  noPaymentMethods: ReactNode;
  /**
   * The dialog that adds a payer in place: a payment method to the chosen
   * organization, or an organization and its payment method when there is
   * none. Given, the form offers it and submitting without a payment
   * method opens it; every other choice is kept while it is open.
   */
  renderPayerDialog?: (request: PayerDialogRequest) => ReactNode;
  /** Shown instead of the establishment field while none may be subscribed. */
  noEstablishments?: ReactNode;
  submitLabel: string;
  /** A line beside the submit button. */
  note?: ReactNode;
  onSubmit: (values: SubscriptionFormValues) => Promise<void>;
}

/** What the payer dialog is asked to add, and how it hands the result back. */
export interface PayerDialogRequest {
  /** The organization to add a payment method to; null: add an organization first. */
  organization: Organization | null;
  /** The organization as the server answered it, and its new payment method (chosen now). */
  onAdded: (organization: Organization, paymentMethodId: string) => void;
  onClose: () => void;
}

interface Problems {
  establishment?: string;
  organization?: string;
  paymentMethod?: string;
}

const NO_ESTABLISHMENT = "Сначала добавьте заведение: подписка подключается к заведению.";
const NO_ORGANIZATION = "Нет организации, через которую платить: сначала добавьте её.";
const NO_PAYMENT_METHOD =
  "У организации нет расчётного счёта или карты: сначала добавьте способ оплаты.";

/**
 * A subscription's choices: establishment (when adding), tariff (when there
 * is a choice), the items of its features (those the tariff includes are
 * always held), the paying organization and its payment method, and the
 * period, with the price summed as it changes. What has one answer is
 * chosen for the client: the only establishment, the organization that can
 * pay (or the profile's own), its first payment method, one month.
 * Submitting never does nothing: a missing choice is named, and a missing
 * payment method opens the payer dialog when one is given, and the
 * subscription goes on once a payer is added there.
 */
export function SubscriptionForm({
  tariffs,
  establishments,
  organizations,
  initial,
  noOrganizations,
  noPaymentMethods,
  noEstablishments,
  renderPayerDialog,
  submitLabel,
  note,
  onSubmit,
}: SubscriptionFormProps) {
  const [added, setAdded] = useState<ReadonlyMap<string, Organization>>(() => new Map());
  const payers = withAdded(organizations, added);
  const [chosenEstablishmentId, setEstablishmentId] = useState("");
  // Until the client picks one, the asked-for or only venue is chosen; worked out on
  // each render, since the list may come fresh after the form opened on a cached one.
  const establishmentId =
    [chosenEstablishmentId, initial.establishmentId].find(
      (id) => id && establishments?.some((establishment) => establishment.id === id),
    ) ?? (establishments?.length === 1 ? (establishments[0]?.id ?? "") : "");
  const [tariffId, setTariffId] = useState(initial.tariffId ?? tariffs[0]?.id ?? "");
  const [itemIds, setItemIds] = useState<ReadonlySet<string>>(
    () =>
      new Set([
        ...(initial.itemIds ?? []),
        ...includedItemIds(tariffs.find((candidate) => candidate.id === tariffId)),
      ]),
  );
  const [chosenOrganizationId, setOrganizationId] = useState(initial.organizationId ?? "");
  const [chosenPaymentMethodId, setPaymentMethodId] = useState(initial.paymentMethodId ?? "");
  const [periodMonths, setPeriodMonths] = useState<Period>(initial.periodMonths ?? 1);
  const [submitted, setSubmitted] = useState(false);
  /** The payer dialog: closed (undefined), adding an organization (null) or a payment method to one. */
  const [payerDialog, setPayerDialog] = useState<Organization | null | undefined>(undefined);
  /** The dialog was opened by 'Подписаться': once a payer is added, the subscription is sent. */
  const [payerForSubmit, setPayerForSubmit] = useState(false);
  const { busy, error: formError, setError: setFormError, submit } = useSubmission();

  const tariff = tariffs.find((candidate) => candidate.id === tariffId);
  // Until the client picks one, the payer is chosen for them (and one added in place appears chosen).
  const organization =
    payers.find((candidate) => candidate.id === chosenOrganizationId) ?? firstPayerOf(payers);
  const organizationId = organization?.id ?? "";
  const paymentOptions = paymentOptionsOf(organization);
  const paymentMethodId = paymentOptions.some((option) => option.value === chosenPaymentMethodId)
    ? chosenPaymentMethodId
    : (paymentOptions[0]?.value ?? "");
  const pricing = tariff ? priceSubscription(tariff, itemIds, periodMonths) : null;

  const problems: Problems = {
    establishment: establishments && !establishmentId ? "Выберите заведение" : undefined,
    organization: organization ? undefined : "Выберите организацию",
    paymentMethod: paymentMethodId ? undefined : "Выберите способ оплаты",
  };
  const shown = submitted ? problems : {};

  const chooseTariff = (next: string) => {
    setTariffId(next);
    const nextTariff = tariffs.find((candidate) => candidate.id === next);
    const live = new Set(
      nextTariff?.features.flatMap((feature) => feature.items.map((item) => item.id)) ?? [],
    );
    setItemIds(
      (current) =>
        new Set([...[...current].filter((id) => live.has(id)), ...includedItemIds(nextTariff)]),
    );
  };

  const chooseOrganization = (next: string) => {
    setOrganizationId(next);
    const options = paymentOptionsOf(payers.find((candidate) => candidate.id === next));
    setPaymentMethodId(options[0]?.value ?? "");
  };

  const handlePayerAdded = (payer: Organization, methodId: string) => {
    setAdded((current) => new Map(current).set(payer.id, payer));
    setOrganizationId(payer.id);
    setPaymentMethodId(methodId);
    setPayerDialog(undefined);
    setFormError(null);
    // Asked for by 'Подписаться': the subscription it was waiting for goes on with this payer.
    if (payerForSubmit) {
      setPayerForSubmit(false);
      void send(payer.id, methodId);
    }
  };

  const toggleItem = (id: string, checked: boolean) =>
    setItemIds((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!tariff) return;
    if (problems.establishment) {
      // With no establishment to choose there is no field to mark: say it above the button.
      if (establishments?.length === 0) setFormError(NO_ESTABLISHMENT);
      return;
    }
    if (!organization || !paymentMethodId) {
      // Nothing to choose from: add it in place when the dialog is given and may add it.
      if (renderPayerDialog && (!organization || organization.abilities.edit)) {
        setPayerForSubmit(true);
        setPayerDialog(organization ?? null);
      } else setFormError(organization ? NO_PAYMENT_METHOD : NO_ORGANIZATION);
      return;
    }
    await send(organizationId, paymentMethodId);
  };

  /** Sends the choices with this payer. */
  const send = (payerId: string, methodId: string) =>
    tariff
      ? submit(() =>
          onSubmit({
            establishmentId: establishments ? establishmentId : null,
            tariffId: tariff.id,
            itemIds: tariff.features.flatMap((feature) =>
              feature.items.filter((item) => itemIds.has(item.id)).map((item) => item.id),
            ),
            organizationId: payerId,
            paymentMethodId: methodId,
            periodMonths,
          }),
        )
      : Promise.resolve();

  const choosableFeatures = tariff?.features.filter((feature) => feature.items.length > 0) ?? [];
  const payerButton = (target: Organization | null, label: string) =>
    renderPayerDialog && (
      <Button variant="secondary" onClick={() => setPayerDialog(target)}>
        {label}
      </Button>
    );

  return (
    <>
      <form
        className="form subscription-form"
        onSubmit={handleSubmit}
        noValidate
        aria-label="Подписка"
      >
        <div className="form__grid">
          {establishments &&
            (establishments.length === 0 && noEstablishments ? (
              <div className="subscription-form__note">{noEstablishments}</div>
            ) : (
              <SelectField
                label="Заведение"
                value={establishmentId}
                placeholder="Выберите заведение"
                options={establishments.map((establishment) => ({
                  value: establishment.id,
                  label: `${establishment.name}, ${establishment.address}`,
                }))}
                onChange={setEstablishmentId}
                error={shown.establishment}
              />
            ))}
          {tariffs.length > 1 && (
            <SelectField
              label="Тариф"
              value={tariffId}
              options={tariffs.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              onChange={chooseTariff}
            />
          )}
          <SelectField
            label="Период"
            value={String(periodMonths)}
            options={TARIFFS.periodsInMonths.map((months) => ({
              value: String(months),
              label: monthsText(months),
            }))}
            onChange={(value) => setPeriodMonths(Number(value) as Period)}
          />
        </div>

        {choosableFeatures.length > 0 && (
          <fieldset className="subscription-form__items">
            <legend className="field__label">Позиции тарифа</legend>
            {choosableFeatures.map((feature) => (
              <div key={feature.id} className="subscription-feature">
                <p className="subscription-feature__name">
                  {feature.name}
                  <span className="muted">{feature.recurrent ? " · ежемесячно" : " · разово"}</span>
                </p>
                <ul className="subscription-feature__items">
                  {feature.items.map((item) => (
                    <ItemChoice
                      key={item.id}
                      item={item}
                      recurrent={feature.recurrent}
                      checked={itemIds.has(item.id)}
                      onChange={(checked) => toggleItem(item.id, checked)}
                    />
                  ))}
                </ul>
              </div>
            ))}
          </fieldset>
        )}

        {payers.length === 0 ? (
          <div className="subscription-form__note">
            {noOrganizations}
            {payerButton(null, "Добавить организацию и способ оплаты")}
          </div>
        ) : (
          <div className="form__grid">
            <SelectField
              label="Организация"
              value={organizationId}
              placeholder="Выберите организацию"
              options={payers.map((candidate) => ({
                value: candidate.id,
                label: `${candidate.company}, ИНН ${candidate.inn}`,
              }))}
              onChange={chooseOrganization}
              error={shown.organization}
            />
            {organization && paymentOptions.length === 0 ? (
              <div className="subscription-form__note">
                {noPaymentMethods}
                {organization.abilities.edit &&
                  payerButton(organization, "Добавить карту или расчётный счёт")}
              </div>
            ) : (
              <SelectField
                label="Способ оплаты"
                value={paymentMethodId}
                placeholder="Выберите способ оплаты"
                options={paymentOptions}
                onChange={setPaymentMethodId}
                error={shown.paymentMethod}
                disabled={!organization}
              />
            )}
          </div>
        )}

        {pricing && (
          <dl className="subscription-total" aria-live="polite">
            <div className="subscription-total__row">
              <dt>В месяц</dt>
              <dd>{formatRoubles(pricing.monthly)}</dd>
            </div>
            {pricing.oneTime > 0 && (
              <div className="subscription-total__row">
                <dt>Разово</dt>
                <dd>{formatRoubles(pricing.oneTime)}</dd>
              </div>
            )}
            <div className="subscription-total__row subscription-total__row--sum">
              <dt>Итого за {monthsText(periodMonths)}</dt>
              <dd>{formatRoubles(pricing.total)}</dd>
            </div>
          </dl>
        )}

        {formError && (
          <p className="form__error" role="alert">
            {formError}
          </p>
        )}
        <div className="form__actions">
          <Button type="submit" busy={busy} disabled={!tariff}>
            {submitLabel}
          </Button>
          {note && <span className="muted">{note}</span>}
        </div>
      </form>
      {/* Outside the form: the dialog's own form must not submit this one. */}
      {renderPayerDialog &&
        payerDialog !== undefined &&
        renderPayerDialog({
          organization: payerDialog,
          onAdded: handlePayerAdded,
          onClose: () => {
            setPayerDialog(undefined);
            setPayerForSubmit(false);
          },
        })}
    </>
  );
}
