import { Icon } from "../../../components/ui/icon.tsx";

/** What an account waiting for a manager sees in its cabinet. */
export function WaitActivationNotice({ children }: { children?: React.ReactNode }) {
  return (
    <div className="notice">
      <span className="notice__icon">
        <Icon name="hourglass" size={28} />
      </span>
      <div>
        <h2 className="notice__title">Аккаунт ожидает активации</h2>
        <p>
          Профиль заполнен и передан менеджеру Фоники. Менеджер проверит данные, свяжется с вами для
          подбора тарифа и активирует доступ — обычно в течение одного рабочего дня.
        </p>
        <p>
          После активации здесь появятся ваши объекты, плееры и подписки. Пока можно посмотреть
          раздел треков и профиль.
        </p>
        {children}
      </div>
    </div>
  );
}
