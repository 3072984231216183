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

interface WaitActivationNoticeProps {
  /** What the account may do while it waits (the screens its menu offers). */
  meanwhile: readonly MeanwhileStep[];
  /** The status check and its answer. */
  children?: ReactNode;
}

/**
 * What an account waiting for a manager sees in its cabinet: that it waits,
 * what happens next, and what it may do meanwhile.
 */
export function WaitActivationNotice({ meanwhile, children }: WaitActivationNoticeProps) {
  return (
    <div className="notice">
      <span className="notice__icon">
        <Icon name="hourglass" size={28} />
      </span>
      <div>
        <h2 className="notice__title">Аккаунт ожидает активации</h2>
        <p>
          Профиль и реквизиты переданы менеджеру Фоники. Менеджер проверит их и активирует аккаунт —
          обычно в течение одного рабочего дня. Входить заново не придётся: после активации кабинет
          сам откроет ваши заведения.
        </p>
        <h3 className="waiting-steps__title">Что можно сделать, пока аккаунт ждёт</h3>
        <ul className="waiting-steps">
          {meanwhile.map((step) => (
            <li key={step.to}>
              <Link to={step.to}>{step.label}</Link>: {step.text}
            </li>
          ))}
        </ul>
        <p>Музыка в заведениях зазвучит, когда менеджер активирует аккаунт и подписку.</p>
        {children}
      </div>
    </div>
  );
}
