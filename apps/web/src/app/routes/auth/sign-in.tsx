import { useLocation } from "react-router";
import { FullscreenLayout } from "../../../components/layouts/fullscreen-layout.tsx";
import { SignInForm } from "../../../features/auth/components/sign-in-form.tsx";
import { codeSentToOf } from "../../../features/auth/components/sign-in-start.tsx";

/**
 * The fullscreen sign-in page; a signed-in user is sent on by the guard.
 * Opened after a code was sent elsewhere (the landing's hero), it starts at
 * typing that code.
 */
export default function SignInScreen() {
  const { state } = useLocation();
  return (
    <FullscreenLayout>
      <div className="auth-card">
        <h1 className="auth-card__title">Вход в Фонику</h1>
        <SignInForm codeSentTo={codeSentToOf(state)} />
      </div>
    </FullscreenLayout>
  );
}
