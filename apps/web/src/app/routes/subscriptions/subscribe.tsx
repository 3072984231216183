import { ROUTES } from "@fonika/shared";
import { ListScreen } from "../../../components/layouts/list-screen.tsx";

export default function SubscribeScreen() {
  return (
    <ListScreen
      title={ROUTES.Subscribe.title}
      description="Подписки ваших объектов: тариф, стоимость и способ оплаты."
      columns={["Объект", "Тариф", "Стоимость в месяц", "Способ оплаты", "Действует до"]}
      empty={{
        icon: "subscriptions",
        title: "Подписок пока нет",
        text: "Оформите подписку для объекта, чтобы в нём зазвучала музыка.",
      }}
    />
  );
}
