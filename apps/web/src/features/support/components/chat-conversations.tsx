import type { ChatConversation } from "@fonika/shared";
import { NavLink } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { pathTo } from "../../../config/paths.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { useChatConversations } from "../api/list-chat-conversations.ts";
import { CHAT_TEXTS, formatChatTime } from "../chat-texts.ts";
import "../chat.css";

interface ChatConversationsProps {
  page: number;
  onPage: (page: number) => void;
  /** The open conversation's client, lit in the list. */
  openClientId: string | null;
}

/** Support's list of conversations, newest message first: client, last message, time, unread. */
export function ChatConversations({ page, onPage, openClientId }: ChatConversationsProps) {
  const conversations = useChatConversations(page);
  return (
    <section className="chat-conversations" aria-label={CHAT_TEXTS.conversations}>
      <h2 className="chat-conversations__title">{CHAT_TEXTS.conversations}</h2>
      {conversations.isPending ? (
        <Spinner />
      ) : conversations.isError ? (
        <p role="alert">{errorText(conversations.error)}</p>
      ) : conversations.data.data.length === 0 ? (
        <EmptyState icon="chat" title={CHAT_TEXTS.noConversations}>
          {CHAT_TEXTS.noConversationsText}
        </EmptyState>
      ) : (
        <>
          <ul className="chat-conversations__list">
            {conversations.data.data.map((conversation) => (
              <ConversationRow
                key={conversation.client.id}
                conversation={conversation}
                open={conversation.client.id === openClientId}
              />
            ))}
          </ul>
          <Pagination page={page} totalPages={conversations.data.totalPages} onChange={onPage} />
        </>
      )}
    </section>
  );
}

function ConversationRow({
  conversation,
  open,
}: {
  conversation: ChatConversation;
  open: boolean;
}) {
  const { client, lastMessage, unread } = conversation;
  return (
    <li>
      <NavLink
        to={pathTo("SupportChat", {}, { clientId: client.id })}
        className={`chat-conversations__item${open ? " is-active" : ""}`}
        aria-current={open ? "true" : undefined}
      >
        <span className="chat-conversations__name">{client.name}</span>
        {lastMessage && (
          <time className="chat-conversations__time" dateTime={lastMessage.createdAt}>
            {formatChatTime(lastMessage.createdAt)}
          </time>
        )}
        <span className="chat-conversations__last">
          {lastMessage ? lastMessage.text : CHAT_TEXTS.noMessagesYet}
        </span>
        {unread > 0 && (
          <span className="chat-conversations__unread">
            <span className="visually-hidden">{CHAT_TEXTS.unreadPrefix}</span>
            {unread}
          </span>
        )}
      </NavLink>
    </li>
  );
}
