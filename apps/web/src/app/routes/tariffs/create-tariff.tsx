import { ROUTES } from "@fonika/shared";
import { FormScreen } from "../../../components/layouts/form-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function CreateTariffScreen() {
  return (
    <FormScreen
      title={ROUTES.CreateTariff.title}
      description="Тариф: название, описание, цена и базовая цена."
      sectionTitle="Тариф"
      fields={[
        { label: "Название" },
        { label: "Тип", hint: "lite, basic или pro" },
        { label: "Описание", max: 1000 },
        { label: "Цена, ₽", type: "number" },
        { label: "Базовая цена, ₽", type: "number" },
      ]}
      submitLabel="Сохранить тариф"
      unavailableReason="Сохранение пока недоступно: сервис ещё не принимает эти данные"
      back={{ label: "Тарифы", to: pathTo("AllTariff") }}
    />
  );
}
