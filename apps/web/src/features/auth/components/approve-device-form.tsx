import { CODES, type DeviceCodeInfo } from "@fonika/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { SelectField, type SelectOption } from "../../../components/ui/select-field.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { CLIENT_ERRORS, errorText } from "../../../lib/error-messages.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useApproveDeviceCode } from "../api/approve-device-code.ts";
import { useInspectDeviceCode } from "../api/inspect-device-code.ts";
import { describeUserAgent } from "../describe-device.ts";

/**
 * Approves the code a player or another browser shows (CONTRACT.md device
 * flow) in two steps: the code is looked up first and the owner sees when
 * and where it was made (RFC 8628 §5.4), so that a code read out by a
 * stranger is not approved blindly; only then the approve button. The
 * device becomes a player of the establishment chosen here (the only one
 * is chosen for the owner).
 */
export function ApproveDeviceForm({
  establishments,
  noEstablishments,
}: {
  /** The owner's establishments; undefined while they load. */
  establishments: readonly SelectOption<string>[] | undefined;
  /** Shown instead of the form when the owner has no establishment yet. */
  noEstablishments: ReactNode;
}) {
  const [chosenId, setChosenId] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<DeviceCodeInfo | null>(null);
  const inspect = useInspectDeviceCode();
  const approve = useApproveDeviceCode();

  const reset = () => {
    setFound(null);
    setError(null);
  };

  const handleCheck = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODES.length) {
      setError(CLIENT_ERRORS.codeLength);
      return;
    }
    inspect.mutate(code, {
      onSuccess: (info) => {
        setFound(info);
        setError(null);
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };

  const options = establishments ?? [];
  const establishmentId = chosenId || (options.length === 1 ? (options[0]?.value ?? "") : "");

  const handleApprove = () => {
    if (!establishmentId) {
      setError("Выберите заведение, в котором будет играть устройство");
      return;
    }
    approve.mutate(
      { code, establishmentId },
      {
        onSuccess: () => {
          setCode("");
          reset();
          toast.success("Плеер подключён");
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  if (found) {
    return (
      <div className="form" aria-live="polite">
        <p>Проверьте, что это ваше устройство:</p>
        <dl className="details">
          <dt>Код</dt>
          <dd>{code}</dd>
          <dt>Создан</dt>
          <dd>{formatDateTime(found.createdAt)}</dd>
          <dt>Адрес</dt>
          <dd>{found.ip}</dd>
          <dt>Браузер</dt>
          <dd>{describeUserAgent(found.userAgent)}</dd>
        </dl>
        <SelectField
          label="Заведение"
          value={establishmentId}
          options={options}
          placeholder="Выберите заведение"
          onChange={(value) => {
            setChosenId(value);
            setError(null);
          }}
        />
        <p className="muted">
          Устройство сможет только воспроизводить музыку заведения и не получит доступа к вашему
          аккаунту. Отключить его можно в профиле.
        </p>
        {error && <p className="form__error">{error}</p>}
        <div className="form__actions">
          <Button onClick={handleApprove} busy={approve.isPending}>
            Подтвердить вход устройства
          </Button>
          <Button variant="secondary" onClick={reset} disabled={approve.isPending}>
            Отмена
          </Button>
        </div>
      </div>
    );
  }

  if (establishments && options.length === 0) return noEstablishments;

  return (
    <form
      className="form form--inline"
      onSubmit={handleCheck}
      noValidate
      aria-label="Подтвердить вход на другом устройстве"
    >
      <TextInput
        label="Код с экрана устройства"
        type="number"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        max={CODES.length}
        autoComplete="off"
        error={error}
        hint="Шесть цифр, которые показывает плеер или другой браузер"
      />
      <Button type="submit" busy={inspect.isPending}>
        Проверить код
      </Button>
    </form>
  );
}
