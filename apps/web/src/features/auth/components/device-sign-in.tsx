import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useDeviceSignIn } from "../hooks/use-device-sign-in.ts";
import "../auth.css";

interface DeviceSignInProps {
  remember: boolean;
  onBack: () => void;
}

/** Shows a code to approve on a device where the user is signed in, and waits. */
export function DeviceSignIn({ remember, onBack }: DeviceSignInProps) {
  const { state, restart } = useDeviceSignIn(remember);
  return (
    <section className="device-sign-in" aria-label="Вход с помощью кода на другом устройстве">
      {state.step === "creating" && <Spinner label="Получаем код…" />}
      {state.step === "waiting" && (
        <>
          <p className="sign-in__lead">
            Откройте Фонику там, где вы вошли как клиент, выберите в меню «Подключить устройство» и
            введите этот код: это устройство подключится как плеер заведения.
          </p>
          <output className="device-code" aria-label="Код для входа">
            {state.code}
          </output>
          <p className="device-sign-in__status" role="status">
            <span className="spinner spinner--small" aria-hidden="true" /> Ждём подтверждения…
          </p>
        </>
      )}
      {state.step === "expired" && (
        <div role="alert" className="device-sign-in__status">
          <p>Срок действия кода истёк.</p>
          <Button onClick={restart}>Получить новый код</Button>
        </div>
      )}
      {state.step === "failed" && (
        <div role="alert" className="device-sign-in__status">
          <p>{state.message}</p>
          <Button onClick={restart}>Получить новый код</Button>
        </div>
      )}
      <button type="button" className="link-button" onClick={onBack}>
        Войти по e-mail или телефону
      </button>
    </section>
  );
}
