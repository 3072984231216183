import { DetailScreen } from "../../../components/layouts/detail-screen.tsx";
import { ROUTES } from "../../../config/routes.ts";

export default function SupportChatScreen() {
  return (
    <DetailScreen
      title={ROUTES.SupportChat.title}
      description={"Переписка с пользователями в реальном времени."}
      sections={[
        {
          title: "Диалоги",
          columns: ["Собеседник", "Последнее сообщение", "Время"],
          empty: {
            icon: "enquiries",
            title: "Нет активных диалогов",
            text: "Здесь будут переписки со службой поддержки.",
          },
        },
      ]}
    />
  );
}
