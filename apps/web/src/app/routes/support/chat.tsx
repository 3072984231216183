import { roleMay } from "@fonika/shared";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useMobileLayout } from "../../../components/layouts/use-mobile-layout.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { ROUTES } from "../../../config/routes.ts";
import { useChatConversations } from "../../../features/support/api/list-chat-conversations.ts";
import { CHAT_TEXTS } from "../../../features/support/chat-texts.ts";
import { ChatConversation } from "../../../features/support/components/chat-conversation.tsx";
import { ChatConversations } from "../../../features/support/components/chat-conversations.tsx";
import { useSessionState } from "../../../lib/app-services.ts";

/**
 * `/support/chat` (issue 15): a client's one conversation with support;
 * for support and admins the conversations beside the open one (computer)
 * or one of the two with a way back (phone); `?clientId=` opens one.
 */
export default function SupportChatScreen() {
  const { role, userId } = useSessionState();
  return roleMay(role, "askSupport") ? (
    <ClientChat userId={userId} />
  ) : (
    <StaffChat viewerId={userId} />
  );
}

function ClientChat({ userId }: { userId: string | null }) {
  // The client's own conversation says how far support has read it.
  const own = useChatConversations(0).data?.data[0];
  return (
    <Page title={ROUTES.SupportChat.title} description={CHAT_TEXTS.clientDescription}>
      {userId && (
        <div className="chat-screen chat-screen--client">
          <ChatConversation
            clientId={userId}
            title={CHAT_TEXTS.clientTitle}
            viewerId={userId}
            viewerSide="client"
            readByOtherUpTo={own?.readByOtherUpTo ?? 0}
          />
        </div>
      )}
    </Page>
  );
}

function StaffChat({ viewerId }: { viewerId: string | null }) {
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = useState(0);
  const mobile = useMobileLayout();
  const clientId = search.get("clientId");
  const conversations = useChatConversations(page);
  const open = conversations.data?.data.find((entry) => entry.client.id === clientId);
  const showList = !mobile || !clientId;

  const handleBack = () => {
    const next = new URLSearchParams(search);
    next.delete("clientId");
    setSearch(next);
  };

  return (
    <Page title={ROUTES.SupportChat.title} description={CHAT_TEXTS.staffDescription}>
      <div className={`chat-screen${mobile ? " chat-screen--phone" : ""}`}>
        {showList && <ChatConversations page={page} onPage={setPage} openClientId={clientId} />}
        {clientId ? (
          <ChatConversation
            key={clientId}
            clientId={clientId}
            title={open?.client.name}
            viewerId={viewerId}
            viewerSide="staff"
            readByOtherUpTo={open?.readByOtherUpTo ?? 0}
            onBack={mobile ? handleBack : undefined}
          />
        ) : (
          !mobile && (
            <div className="chat-screen__placeholder">
              <EmptyState icon="chat" title={CHAT_TEXTS.chooseConversation} />
            </div>
          )
        )}
      </div>
    </Page>
  );
}
