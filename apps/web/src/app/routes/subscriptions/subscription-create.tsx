import { ROUTES } from "@fonika/shared";
import { FormScreen } from "../../../components/layouts/form-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function SubscriptionCreateScreen() {
  return (
    <FormScreen
      title={ROUTES.SubscriptionCreate.title}
      description="Подписка объекта клиента на тариф: стоимость и способ оплаты."
      sectionTitle="Подписка"
      fields={[
        { label: "Логин клиента" },
        { label: "Объект" },
        { label: "Тариф", min: 1 },
        { label: "Стоимость в месяц, ₽", type: "number" },
        {
          label: "Номер банковской карты",
          type: "card",
          required: false,
          hint: "Если оплата картой",
        },
      ]}
      submitLabel="Сохранить подписку"
      unavailableReason="Сохранение пока недоступно: сервис ещё не принимает эти данные"
      back={{ label: "Подписки", to: pathTo("SubscriptionBase") }}
    />
  );
}
