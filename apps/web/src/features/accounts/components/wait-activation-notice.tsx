import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import "../accounts.css";

/** One thing a waiting account may do meanwhile: the screen and what to do there. */
export interface MeanwhileStep {
  /** The side menu's own word for the screen, so the cabinet and the menu agree. */
  label: string;
  to: string;
  text: string;
}

/**
 * What an account waiting for a manager reads first in its cabinet: that
 * it waits, what happens next, and that its venue and tariff may be set up
 * meanwhile (they follow it on the same screen, issue 28). Short, so that
 * on a phone the next step is on the first screen with it.
 */
export function WaitActivationNotice() {
  return (
    <div className="notice notice--waiting">
      <span className="notice__icon">
        <Icon name="hourglass" size={28} />
      </span>
      <div>
        <h2 className="notice__title">Аккаунт ожидает активации</h2>
        <p>
          Менеджер проверит данные и активирует аккаунт и подписку — обычно в течение рабочего дня.
          Тогда зазвучит музыка.
        </p>
      </div>
    </div>
  );
}

interface WaitingMeanwhileProps {
  /** What the account may do while it waits (the screens its menu offers). */
  meanwhile: readonly MeanwhileStep[];
  /** The status check and its answer. */
  children?: ReactNode;
}

/**
 * The screens a waiting account may use meanwhile, named as its menu names
 * them, and that it need not sign in again once activated.
 */
export function WaitingMeanwhile({ meanwhile, children }: WaitingMeanwhileProps) {
  return (
    <div className="waiting-meanwhile">
      <ul className="waiting-steps">
        {meanwhile.map((step) => (
          <li key={step.to}>
            <Link to={step.to}>{step.label}</Link>: {step.text}
          </li>
        ))}
      </ul>
      <p className="muted">
        Входить заново не придётся: после активации кабинет сам откроет ваши заведения.
      </p>
      {children}
    </div>
  );
}
