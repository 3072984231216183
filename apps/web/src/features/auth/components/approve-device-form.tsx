import { CODES } from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { CLIENT_ERRORS, errorText } from "../../../lib/error-messages.ts";
import { useApproveDeviceCode } from "../api/approve-device-code.ts";

/** Approves the code another device shows, signing that device in (CONTRACT.md device flow). */
export function ApproveDeviceForm() {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const approve = useApproveDeviceCode();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODES.length) {
      setError(CLIENT_ERRORS.codeLength);
      return;
    }
    approve.mutate(
      { code },
      {
        onSuccess: () => {
          setCode("");
          setError(null);
          toast.success("Вход на другом устройстве подтверждён");
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  return (
    <form
      className="form form--inline"
      onSubmit={handleSubmit}
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
      <Button type="submit" busy={approve.isPending}>
        Подтвердить
      </Button>
    </form>
  );
}
