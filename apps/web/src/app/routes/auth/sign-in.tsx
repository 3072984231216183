import { FullscreenLayout } from "../../../components/layouts/fullscreen-layout.tsx";
import { SignInForm } from "../../../features/auth/components/sign-in-form.tsx";

/** The fullscreen sign-in page; a signed-in user is sent on by the guard. */
export default function SignInScreen() {
  return (
    <FullscreenLayout>
      <div className="auth-card">
        <h1 className="auth-card__title">Вход в Фонику</h1>
        <SignInForm />
      </div>
    </FullscreenLayout>
  );
}
