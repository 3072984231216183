import { checkLength, INPUT, MESSAGES, PLAYERS, purchaseRequestSchema } from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { type PurchaseRequest, useSendPlayerRequest } from "../api/send-player-request.ts";

interface PurchaseFormValues {
  name: string;
  phone: string;
  email: string;
  company: string;
  address: string;
  quantity: string;
  comment: string;
}
type FieldErrors = Partial<Record<keyof PurchaseFormValues, string>>;

const EMPTY: PurchaseFormValues = {
  name: "",
  phone: "",
  email: "",
  company: "",
  address: "",
  quantity: "1",
  comment: "",
};

const LENGTH_MESSAGE: Partial<Record<keyof PurchaseFormValues, string>> = {
  name: checkLength("", { min: INPUT.defaultMin, max: INPUT.defaultMax }) ?? undefined,
  company: checkLength("", { min: INPUT.defaultMin, max: INPUT.defaultMax }) ?? undefined,
  address: checkLength("", { min: INPUT.defaultMin, max: PLAYERS.addressMax }) ?? undefined,
  phone: "Введите номер телефона, например +7 900 123-45-67",
  email: "Введите адрес почты, например name@example.ru",
  quantity: "От 1 до 100 штук",
};

/**
 * The request the form sends, checked by the shared `purchaseRequestSchema`
 * (empty optional fields left out), or the message of each field it refuses.
 */
export function purchaseRequestOf(
  values: PurchaseFormValues,
): { request: PurchaseRequest; errors: null } | { request: null; errors: FieldErrors } {
  const optional = (text: string) => text.trim() || undefined;
  const request: PurchaseRequest = {
    name: values.name,
    phone: values.phone.trim(),
    email: optional(values.email),
    company: optional(values.company),
    address: values.address,
    quantity: /^\d+$/.test(values.quantity.trim()) ? Number(values.quantity.trim()) : Number.NaN,
    comment: optional(values.comment),
  };
  const parsed = purchaseRequestSchema.safeParse(request);
  if (parsed.success) return { request, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PurchaseFormValues | undefined;
    if (field && !errors[field]) errors[field] = LENGTH_MESSAGE[field] ?? issue.message;
  }
  return { request: null, errors };
}

interface PurchaseRequestDialogProps {
  /** The client who buys (the API's `userId`). */
  userId: string;
  onClose: () => void;
}

/**
 * «Купить бокс-плеер»: the buyer's contact details and delivery address go to
 * staff as a request. A failure is a toast with the shared message, so the
 * client knows to call support instead.
 */
export function PurchaseRequestDialog({ userId, onClose }: PurchaseRequestDialogProps) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const send = useSendPlayerRequest(userId);
  const formId = "purchase-request";

  const set = (field: keyof PurchaseFormValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = purchaseRequestOf(values);
    if (!result.request) {
      setErrors(result.errors);
      return;
    }
    send.mutate(result.request, {
      onSuccess: () => {
        toast.success("Заявка отправлена: менеджер свяжется с вами");
        onClose();
      },
      onError: () => {
        toast.error(MESSAGES.playerPurchaseFailed);
      },
    });
  };

  return (
    <Modal
      title="Купить бокс-плеер"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            Отмена
          </Button>
          <Button type="submit" form={formId} busy={send.isPending}>
            Отправить заявку
          </Button>
        </>
      }
    >
      <form id={formId} className="form player-form" onSubmit={handleSubmit} noValidate>
        <p className="muted">
          Бокс-плеер — отдельное устройство для заведения. Оставьте контакты: менеджер уточнит
          детали, счёт и доставку.
        </p>
        <TextInput
          label="Контактное лицо"
          value={values.name}
          onChange={(value) => set("name", value)}
          showError={submitted}
          error={errors.name}
          autoComplete="name"
          data-autofocus
        />
        <TextInput
          label="Телефон"
          value={values.phone}
          onChange={(value) => set("phone", value)}
          showError={submitted}
          error={errors.phone}
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 900 123-45-67"
        />
        <TextInput
          label="Электронная почта"
          value={values.email}
          onChange={(value) => set("email", value)}
          required={false}
          showError={submitted}
          error={errors.email}
          inputMode="email"
          autoComplete="email"
        />
        <TextInput
          label="Компания"
          value={values.company}
          onChange={(value) => set("company", value)}
          required={false}
          showError={submitted}
          error={errors.company}
          autoComplete="organization"
        />
        <TextInput
          label="Адрес доставки"
          value={values.address}
          onChange={(value) => set("address", value)}
          max={PLAYERS.addressMax}
          showError={submitted}
          error={errors.address}
          autoComplete="street-address"
        />
        <TextInput
          label="Количество"
          type="number"
          value={values.quantity}
          onChange={(value) => set("quantity", value)}
          showError={submitted}
          error={errors.quantity}
        />
        <TextInput
          label="Комментарий"
          value={values.comment}
          onChange={(value) => set("comment", value)}
          required={false}
          max={PLAYERS.commentMax}
          showError={submitted}
          error={errors.comment}
        />
      </form>
    </Modal>
  );
}
