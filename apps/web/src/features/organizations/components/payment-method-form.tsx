import {
  checkBik,
  checkCardNumber,
  checkSettlementAccount,
  INPUT,
  type PaymentMethodInput,
  type PaymentMethodKind,
  REQUISITE_LABELS,
} from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { MaskedInput } from "../../../components/ui/masked-input.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";

export const PAYMENT_METHOD_LABELS: Record<PaymentMethodKind, string> = {
  "settlement-account": "Расчётный счёт",
  "business-card": "Бизнес-карта",
};

/** Up to 19 digits in groups of four, as printed on a card. */
const CARD_MASK = "#### #### #### #### ###";

export const CARD_NOT_STORED =
  "Полный номер карты не хранится: Фоника запоминает только последние четыре цифры.";

interface PaymentMethodFormProps {
  busy: boolean;
  /** The server's reason of the last failed sending. */
  error?: string | null;
  onSubmit: (input: PaymentMethodInput) => void;
  /** The kind shown first; a settlement account unless the place asks for a card. */
  initialKind?: PaymentMethodKind;
}

type Field = "bik" | "accountNumber" | "cardNumber";

/** The account's message unless it is the BIK's (that one shows under the BIK). */
function accountError(accountNumber: string, bik: string): string | null {
  const message = checkSettlementAccount(accountNumber, bik);
  return message && message === checkBik(bik) ? null : message;
}

/**
 * A settlement account (BIK and account number, checked against each other
 * by the bank's control key) or a business card (only its masked number is
 * kept); wrong numbers are named before anything is sent.
 */
export function PaymentMethodForm({
  busy,
  error,
  onSubmit,
  initialKind = "settlement-account",
}: PaymentMethodFormProps) {
  const name = useId();
  const [kind, setKind] = useState<PaymentMethodKind>(initialKind);
  const [bik, setBik] = useState("");
  const [accountNumber, setAccountNumber] = useState("");
  const [bankName, setBankName] = useState("");
  const [cardNumber, setCardNumber] = useState("");
  const [holder, setHolder] = useState("");
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  const errors: Record<Field, string | null> =
    kind === "settlement-account"
      ? { bik: checkBik(bik), accountNumber: accountError(accountNumber, bik), cardNumber: null }
      : { bik: null, accountNumber: null, cardNumber: checkCardNumber(cardNumber) };
  const shown = (field: Field) => (submitted || touched.has(field) ? errors[field] : null);
  const touch = (field: Field) => () => setTouched((current) => new Set([...current, field]));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some(Boolean)) return;
    onSubmit(
      kind === "settlement-account"
        ? {
            kind,
            bik: bik.trim(),
            accountNumber: accountNumber.trim(),
            ...(bankName.trim() ? { bankName: bankName.trim() } : {}),
          }
        : {
            kind,
            cardNumber: cardNumber.trim(),
            ...(holder.trim() ? { holder: holder.trim() } : {}),
          },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate aria-label="Способ оплаты">
      <fieldset className="segmented">
        <legend className="field__label">Способ оплаты</legend>
        {(["settlement-account", "business-card"] as const).map((option) => (
          <label key={option} className={`segmented__option${kind === option ? " is-active" : ""}`}>
            <input
              type="radio"
              name={`payment-kind-${name}`}
              value={option}
              checked={kind === option}
              onChange={() => {
                setKind(option);
                setSubmitted(false);
              }}
            />
            {PAYMENT_METHOD_LABELS[option]}
          </label>
        ))}
      </fieldset>
      {kind === "settlement-account" ? (
        <div className="form__grid">
          <TextInput
            label={REQUISITE_LABELS.bik}
            // Inside a dialog, the first field is where the typing starts.
            data-autofocus
            value={bik}
            onChange={setBik}
            onBlur={touch("bik")}
            type="number"
            max={9}
            hint="9 цифр, начинается с 04"
            error={shown("bik")}
          />
          <TextInput
            label="Номер расчётного счёта"
            value={accountNumber}
            onChange={setAccountNumber}
            onBlur={touch("accountNumber")}
            type="number"
            max={20}
            hint="20 цифр"
            error={shown("accountNumber")}
          />
          <TextInput
            label="Название банка"
            value={bankName}
            onChange={setBankName}
            max={INPUT.defaultMax}
            required={false}
            hint="Необязательно"
          />
        </div>
      ) : (
        <>
          <div className="form__grid">
            <MaskedInput
              label={REQUISITE_LABELS.card}
              data-autofocus
              mask={CARD_MASK}
              value={cardNumber}
              onChange={({ masked }) => setCardNumber(masked)}
              onBlur={touch("cardNumber")}
              inputMode="numeric"
              autoComplete="cc-number"
              hint="16–19 цифр"
              error={shown("cardNumber")}
            />
            <TextInput
              label="Держатель карты"
              value={holder}
              onChange={setHolder}
              max={INPUT.defaultMax}
              required={false}
              autoComplete="cc-name"
              hint="Необязательно"
            />
          </div>
          <p className="muted payment-note">{CARD_NOT_STORED}</p>
        </>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={busy}>
          {kind === "settlement-account" ? "Добавить счёт" : "Добавить карту"}
        </Button>
      </div>
    </form>
  );
}
