import { ROUTES } from "@fonika/shared";
import { ListScreen } from "../../../components/layouts/list-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function LegalListScreen() {
  return (
    <ListScreen
      title={ROUTES.ProfileLegalList.title}
      description="Организации, от имени которых вы оплачиваете подписки."
      columns={["Организация", "ИНН", "КПП", "ОГРН", "Адрес"]}
      empty={{
        icon: "profile",
        title: "Организации не добавлены",
        text: "Добавьте организацию, чтобы оплачивать подписки по счёту.",
      }}
      action={{ label: "Добавить организацию", to: pathTo("ProfileAddCompany") }}
    />
  );
}
