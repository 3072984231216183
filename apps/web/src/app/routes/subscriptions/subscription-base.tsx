import { ROUTES } from "@fonika/shared";
import { ListScreen } from "../../../components/layouts/list-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function SubscriptionBaseScreen() {
  return (
    <ListScreen
      title={ROUTES.SubscriptionBase.title}
      description="Подписки клиентов: объект, тариф, стоимость и срок действия."
      columns={["Клиент", "Объект", "Тариф", "Стоимость", "Оплачено до", "Статус"]}
      empty={{
        icon: "subscriptions",
        title: "Подписок пока нет",
        text: "Оформленные подписки клиентов появятся здесь.",
      }}
      action={{ label: "Новая подписка", to: pathTo("SubscriptionCreate") }}
    />
  );
}
