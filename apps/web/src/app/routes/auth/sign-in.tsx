import { useEffect } from "react";
import { useLocation, useSearchParams } from "react-router";
import { FullscreenLayout } from "../../../components/layouts/fullscreen-layout.tsx";
import { SignInForm } from "../../../features/auth/components/sign-in-form.tsx";
import { codeSentToOf } from "../../../features/auth/components/sign-in-start.tsx";
import { chooseReturnTo, NEXT_PARAM } from "../../../lib/auth/return-to.ts";

/**
 * The fullscreen sign-in page; a signed-in user is sent on by the guard.
 * Opened after a code was sent elsewhere (the landing's hero), it starts at
 * typing that code. Opened with `?next=<path>` (the landing's «Подключить
 * заведение»), signing in goes on there.
 */
export default function SignInScreen() {
  const { state } = useLocation();
  const next = useSearchParams()[0].get(NEXT_PARAM);
  useEffect(() => {
    if (next) chooseReturnTo(next);
  }, [next]);
  return (
    <FullscreenLayout>
      <div className="auth-card">
        <h1 className="auth-card__title">Вход в Фонику</h1>
        <SignInForm codeSentTo={codeSentToOf(state)} />
      </div>
    </FullscreenLayout>
  );
}
