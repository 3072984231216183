import { CODES } from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { EmailOrPhoneInput } from "../../../components/ui/email-or-phone-input.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/app-services.ts";
import { CLIENT_ERRORS, errorText } from "../../../lib/error-messages.ts";
import { useSendSignInCode } from "../api/send-code.ts";
import { readSignInTarget, type SignInTarget } from "../api/sign-in-target.ts";
import { useVerifySignInCode } from "../api/verify-code.ts";
import { DeviceSignIn } from "./device-sign-in.tsx";
import "./sign-in-form.css";
import "../auth.css";

type Step = { name: "address" } | { name: "code"; target: SignInTarget } | { name: "device" };

function describeTarget(value: string, target: SignInTarget): string {
  return target.kind === "email" ? `на e-mail ${target.email}` : `в SMS на номер ${value}`;
}

/** The step a form opens at: the code's, when a code was sent to a valid address before. */
function firstStep(codeSentTo: string | undefined): Step {
  const target = codeSentTo === undefined ? null : readSignInTarget(codeSentTo);
  return target && !("error" in target) ? { name: "code", target } : { name: "address" };
}

interface SignInFormProps {
  /**
   * The address a code was already sent to (the landing's hero, issue 28):
   * the form opens at typing that code.
   */
  codeSentTo?: string;
}

/**
 * The sign-in screen's form (SPEC.md §4, §5): one field for an e-mail or a
 * phone, a one-time code, remember-me, or a code approved on another device.
 */
export function SignInForm({ codeSentTo }: SignInFormProps = {}) {
  const session = useSession();
  const [step, setStep] = useState<Step>(() => firstStep(codeSentTo));
  const [address, setAddress] = useState(codeSentTo ?? "");
  const [addressError, setAddressError] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  /** SPEC.md §5: a failed phone verification sets this flag. */
  const [incorrectPhoneCode, setIncorrectPhoneCode] = useState(false);
  const [remember, setRemember] = useState(true);
  const sendCode = useSendSignInCode();
  const verifyCode = useVerifySignInCode();

  const handleSendCode = (event: FormEvent) => {
    event.preventDefault();
    const target = readSignInTarget(address);
    if ("error" in target) {
      setAddressError(target.error);
      return;
    }
    setAddressError(null);
    sendCode.mutate(target, {
      onSuccess: () => {
        setCode("");
        setCodeError(null);
        setIncorrectPhoneCode(false);
        setStep({ name: "code", target });
      },
      onError: (error) => setAddressError(errorText(error)),
    });
  };

  const verify = (target: SignInTarget, value: string) => {
    if (value.length !== CODES.length) {
      setCodeError(CLIENT_ERRORS.codeLength);
      return;
    }
    setCodeError(null);
    verifyCode.mutate(
      { target, code: value },
      {
        onSuccess: (pair) => {
          try {
            session.signIn(pair, remember);
          } catch (error) {
            setCodeError(errorText(error));
          }
        },
        onError: (error) => {
          const wrongCode =
            isApiError(error) && (error.type === "invalid-code" || error.status === 401);
          setCodeError(wrongCode ? CLIENT_ERRORS.invalidCode : errorText(error));
          if (target.kind === "phone") setIncorrectPhoneCode(true);
        },
      },
    );
  };
  const handleVerify = (target: SignInTarget) => (event: FormEvent) => {
    event.preventDefault();
    verify(target, code);
  };

  const rememberBox = (
    <Checkbox checked={remember} onChange={setRemember}>
      Запомнить меня
    </Checkbox>
  );

  if (step.name === "device") {
    return (
      <div className="sign-in">
        <DeviceSignIn remember={remember} onBack={() => setStep({ name: "address" })} />
        {rememberBox}
      </div>
    );
  }

  if (step.name === "code") {
    const incorrect = Boolean(codeError) && (incorrectPhoneCode || step.target.kind === "email");
    return (
      <form
        className={`sign-in${incorrect ? " sign-in--incorrect" : ""}`}
        onSubmit={handleVerify(step.target)}
        noValidate
        aria-label="Ввод кода"
        data-incorrect-phone-code={incorrectPhoneCode || undefined}
      >
        <p className="sign-in__lead">
          Мы отправили шестизначный код {describeTarget(address, step.target)}.
        </p>
        <TextInput
          label="Код из сообщения"
          type="number"
          value={code}
          onChange={(value) => {
            setCode(value);
            setCodeError(null);
            // The whole code typed (or filled in from the SMS) signs in without 'Войти'.
            if (value.length === CODES.length && value !== code && !verifyCode.isPending) {
              verify(step.target, value);
            }
          }}
          max={CODES.length}
          autoComplete="one-time-code"
          autoFocus
          className="sign-in__code"
          error={codeError}
        />
        {rememberBox}
        <Button type="submit" size="lg" busy={verifyCode.isPending}>
          Войти
        </Button>
        <div className="sign-in__links">
          <button
            type="button"
            className="link-button"
            onClick={() => setStep({ name: "address" })}
          >
            Изменить e-mail или телефон
          </button>
          <button
            type="button"
            className="link-button"
            disabled={sendCode.isPending}
            onClick={() =>
              sendCode.mutate(step.target, {
                onSuccess: () => setCodeError(null),
                onError: (error) => setCodeError(errorText(error)),
              })
            }
          >
            Отправить код ещё раз
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="sign-in" onSubmit={handleSendCode} noValidate aria-label="Вход">
      <p className="sign-in__lead">
        Введите e-mail или номер телефона — мы пришлём одноразовый код.
      </p>
      <EmailOrPhoneInput
        value={address}
        onChange={(value) => {
          setAddress(value);
          setAddressError(null);
        }}
        error={addressError}
        autoFocus
      />
      {rememberBox}
      <Button type="submit" size="lg" busy={sendCode.isPending}>
        Получить код
      </Button>
      <div className="divider">или</div>
      <Button variant="secondary" icon="device" onClick={() => setStep({ name: "device" })}>
        Войти с помощью кода на другом устройстве
      </Button>
    </form>
  );
}
