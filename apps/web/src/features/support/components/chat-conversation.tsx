import { useLayoutEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { CHAT_TEXTS, typingText } from "../chat-texts.ts";
import { markOf } from "../chat-thread.ts";
import { useChatRead } from "../hooks/use-chat-read.ts";
import { useChatThread } from "../hooks/use-chat-thread.ts";
import { useChatTyping } from "../hooks/use-chat-typing.ts";
import { ChatBubble } from "./chat-bubble.tsx";
import { ChatComposer } from "./chat-composer.tsx";
import "../chat.css";

/** How near the edge (px) still counts as being at the top or the bottom. */
const EDGE_PX = 48;

interface ChatConversationProps {
  /** The conversation: its client's id. */
  clientId: string;
  /**
   * The heading: "Чат с поддержкой" for the client, the client's name for
   * staff (when the list does not hold it: the name on the client's messages).
   */
  title?: string;
  viewerId: string | null;
  viewerSide: "client" | "staff";
  /** The other side's read mark as the conversation list last said. */
  readByOtherUpTo: number;
  /** Shown now (a phone shows the list or the conversation): it is then marked read. */
  shown?: boolean;
  /** A phone's way back to the list. */
  onBack?: () => void;
}

/**
 * A conversation: its messages (older ones load when scrolled to the top),
 * who types, and the box to write in. It stays at the bottom as messages
 * come while the viewer is there; scrolled up, it offers "Новые сообщения ↓".
 */
export function ChatConversation({
  clientId,
  title,
  viewerId,
  viewerSide,
  readByOtherUpTo,
  shown = true,
  onBack,
}: ChatConversationProps) {
  const { thread, loadError, loadingOlder, send, retry, loadOlder, reload } = useChatThread(
    clientId,
    viewerSide,
    readByOtherUpTo,
  );
  const { typists, notifyTyping } = useChatTyping(clientId, viewerId);
  useChatRead(clientId, thread, viewerSide, shown);

  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef({ first: 0, last: 0, pending: 0, height: 0 });
  const [newBelow, setNewBelow] = useState(false);

  const scrollToBottom = () => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
    atBottom.current = true;
    setNewBelow(false);
  };

  // A typing line that comes or goes changes the height too: at the bottom, stay there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `typists` moves the bottom
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const first = thread.messages[0]?.seq ?? 0;
    const last = thread.messages.at(-1)?.seq ?? 0;
    const pending = thread.pending.length;
    const before = seen.current;
    if (before.first > 0 && first < before.first && last === before.last) {
      // An older page came above: keep the same messages in view.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (pending > before.pending || atBottom.current) {
      // The viewer's own new message, or news while at the bottom: follow it.
      element.scrollTop = element.scrollHeight;
    } else if (last > before.last) {
      setNewBelow(true);
    }
    seen.current = { first, last, pending, height: element.scrollHeight };
  }, [thread.messages, thread.pending, typists]);

  const handleScroll = () => {
    const element = list.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (atBottom.current) setNewBelow(false);
    if (element.scrollTop < EDGE_PX && thread.hasOlder) void loadOlder();
  };

  const typist = typists[0];
  const heading =
    title ??
    thread.messages.find((message) => message.author.side === "client")?.author.name ??
    CHAT_TEXTS.unknownClient;
  return (
    <section className="chat-conversation" aria-label={heading}>
      <header className="chat-conversation__header">
        {onBack && (
          <Button variant="ghost" onClick={onBack}>
            <Icon name="chevron-left" />
            {CHAT_TEXTS.back}
          </Button>
        )}
        <h2 className="chat-conversation__title">{heading}</h2>
      </header>
      {loadError && (
        <div className="chat-conversation__error">
          <span role="alert">{loadError}</span>
          <Button variant="secondary" onClick={reload}>
            {CHAT_TEXTS.reload}
          </Button>
        </div>
      )}
      <div className="chat-conversation__messages" ref={list} onScroll={handleScroll}>
        {thread.hasOlder && (
          <Button
            variant="ghost"
            className="chat-conversation__older"
            busy={loadingOlder}
            onClick={() => void loadOlder()}
          >
            {CHAT_TEXTS.older}
          </Button>
        )}
        {thread.loaded && thread.messages.length === 0 && thread.pending.length === 0 && (
          <p className="chat-conversation__empty">
            {viewerSide === "client" ? CHAT_TEXTS.noMessagesClient : CHAT_TEXTS.noMessages}
          </p>
        )}
        <ol className="chat-conversation__list" aria-label={CHAT_TEXTS.messages}>
          {thread.messages.map((message) => {
            const mine = message.author.side === viewerSide;
            return (
              <ChatBubble
                key={message.id}
                author={message.author}
                text={message.text}
                createdAt={message.createdAt}
                mine={mine}
                viewerId={viewerId}
                mark={mine ? markOf(message, thread.readByOtherUpTo) : undefined}
              />
            );
          })}
          {thread.pending.map((message) => (
            <ChatBubble
              key={message.clientMessageId}
              author={{ id: viewerId ?? "", name: CHAT_TEXTS.you, side: viewerSide }}
              text={message.text}
              createdAt={message.createdAt}
              mine
              viewerId={viewerId}
              mark={message.failure ? "failed" : "sending"}
              failure={message.failure}
              onRetry={() => retry(message.clientMessageId)}
            />
          ))}
        </ol>
      </div>
      <div className="chat-conversation__footer">
        {newBelow && (
          <button type="button" className="chat-conversation__new" onClick={scrollToBottom}>
            {CHAT_TEXTS.newMessages}
          </button>
        )}
        <p className="chat-conversation__typing" aria-live="polite">
          {typist ? typingText(typist, viewerSide) : ""}
        </p>
        <ChatComposer onSend={send} onTyping={notifyTyping} />
      </div>
    </section>
  );
}
