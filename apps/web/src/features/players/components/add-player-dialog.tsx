import {
  checkLength,
  INPUT,
  PLAYER_TYPES,
  PLAYERS,
  type PlayerAdd,
  type PlayerType,
  playerAddSchema,
} from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { useSubmission } from "../../../lib/use-submission.ts";
import { useAddPlayer } from "../api/add-player.ts";
import { PLAYER_TYPE_LABELS } from "../player-texts.ts";

interface PlayerFormValues {
  name: string;
  type: PlayerType;
  serialBoxNumber: string;
  address: string;
}
type FieldErrors = Partial<Record<keyof PlayerFormValues, string>>;

const NAME_LENGTH = { min: INPUT.defaultMin, max: INPUT.defaultMax } as const;
const ADDRESS_LENGTH = { min: INPUT.defaultMin, max: PLAYERS.addressMax } as const;

/** The length message of the free-text fields ("Введите от 3 до 200 символов"). */
const LENGTH_MESSAGE: Partial<Record<keyof PlayerFormValues, string>> = {
  name: checkLength("", NAME_LENGTH) ?? undefined,
  address: checkLength("", ADDRESS_LENGTH) ?? undefined,
};

/** The serial's rule as one message (its pattern's own message is the shared schema's). */
const SERIAL_LENGTH_MESSAGE = `Серийный номер: от ${PLAYERS.serialMin} до ${PLAYERS.serialMax} символов`;

const TYPE_OPTIONS = PLAYER_TYPES.map((type) => ({ value: type, label: PLAYER_TYPE_LABELS[type] }));

/**
 * The input the form sends, checked by the shared `playerAddSchema` as the
 * server checks it, or the message of each field it refuses.
 */
export function playerInputOf(
  values: PlayerFormValues,
  owner: { establishmentId: string; userId?: string },
): { input: PlayerAdd; errors: null } | { input: null; errors: FieldErrors } {
  const candidate: PlayerAdd = {
    name: values.name,
    type: values.type,
    serialBoxNumber:
      values.type === "boxPlayer" ? values.serialBoxNumber.trim() || undefined : undefined,
    address: values.address,
    establishmentId: owner.establishmentId,
    userId: owner.userId,
  };
  const parsed = playerAddSchema.safeParse(candidate);
  if (parsed.success) return { input: candidate, errors: null };
  const errors: FieldErrors = {};
  // The schema asks for the serial only once the other fields pass; the form says so at once.
  if (candidate.type === "boxPlayer" && !candidate.serialBoxNumber) {
    errors.serialBoxNumber = "Укажите серийный номер плеера";
  }
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PlayerFormValues | undefined;
    if (field && !errors[field]) {
      errors[field] =
        LENGTH_MESSAGE[field] ??
        (field === "serialBoxNumber" && (issue.code === "too_small" || issue.code === "too_big")
          ? SERIAL_LENGTH_MESSAGE
          : null) ??
        issue.message;
    }
  }
  return { input: null, errors };
}

interface AddPlayerDialogProps {
  establishment: { id: string; address: string };
  /** The client whose player it is, when staff add one for a client; the caller's own otherwise. */
  clientId?: string;
  onClose: () => void;
}

/** «Добавить плеер»: name, type, a box's serial number and address, into the given establishment. */
export function AddPlayerDialog({ establishment, clientId, onClose }: AddPlayerDialogProps) {
  const [values, setValues] = useState<PlayerFormValues>({
    name: "",
    type: "web",
    serialBoxNumber: "",
    address: establishment.address,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const addPlayer = useAddPlayer();
  const { busy, error, submit } = useSubmission();
  const formId = `add-player-${establishment.id}`;

  const set = <Field extends keyof PlayerFormValues>(
    field: Field,
    value: PlayerFormValues[Field],
  ) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = playerInputOf(values, { establishmentId: establishment.id, userId: clientId });
    if (!result.input) {
      setErrors(result.errors);
      return;
    }
    const input = result.input;
    await submit(async () => {
      const player = await addPlayer.mutateAsync(input);
      toast.success(`Плеер «${player.name}» добавлен`);
      onClose();
    });
  };

  return (
    <Modal
      title="Новый плеер"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Отмена
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            Добавить
          </Button>
        </>
      }
    >
      <form id={formId} className="form player-form" onSubmit={handleSubmit} noValidate>
        <TextInput
          label="Название"
          value={values.name}
          onChange={(value) => set("name", value)}
          rules
          min={NAME_LENGTH.min}
          max={NAME_LENGTH.max}
          showError={submitted}
          error={errors.name}
          placeholder="Например, Зал у бара"
          autoComplete="off"
          data-autofocus
        />
        <SelectField
          label="Тип"
          value={values.type}
          options={TYPE_OPTIONS}
          onChange={(type) => set("type", type)}
          hint={
            values.type === "web"
              ? "Играет в браузере на компьютере или планшете заведения"
              : "Отдельное устройство, серийный номер — на его корпусе"
          }
        />
        {values.type === "boxPlayer" && (
          <TextInput
            label="Серийный номер"
            value={values.serialBoxNumber}
            onChange={(value) => set("serialBoxNumber", value)}
            max={PLAYERS.serialMax}
            showError={submitted}
            error={errors.serialBoxNumber}
            placeholder="Например, FB-000123"
            autoComplete="off"
          />
        )}
        <TextInput
          label="Адрес"
          value={values.address}
          onChange={(value) => set("address", value)}
          rules
          min={ADDRESS_LENGTH.min}
          max={ADDRESS_LENGTH.max}
          showError={submitted}
          error={errors.address}
          placeholder="Город, улица, дом"
          autoComplete="street-address"
        />
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
