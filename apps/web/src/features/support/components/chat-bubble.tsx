import type { SupportPerson } from "@fonika/shared";
import { Button } from "../../../components/ui/button.tsx";
import { CHAT_TEXTS, formatChatTime } from "../chat-texts.ts";
import type { ChatMark } from "../chat-thread.ts";

interface ChatBubbleProps {
  author: SupportPerson;
  text: string;
  createdAt: string;
  /** On the viewer's side (right), with a mark. */
  mine: boolean;
  viewerId: string | null;
  /** The mark of a message of the viewer's side; none for the other side's. */
  mark?: ChatMark;
  /** Why sending failed; the bubble then offers a retry. */
  failure?: string | null;
  onRetry?: () => void;
}

/**
 * One message: its author, time and text. The text is shown as typed and
 * only as text (React escapes it; `pre-wrap` keeps its lines and spaces).
 */
export function ChatBubble({
  author,
  text,
  createdAt,
  mine,
  viewerId,
  mark,
  failure,
  onRetry,
}: ChatBubbleProps) {
  return (
    <li className={`chat-bubble ${mine ? "chat-bubble--mine" : "chat-bubble--theirs"}`}>
      <div className="chat-bubble__meta">
        <span className="chat-bubble__author">
          {author.id === viewerId ? CHAT_TEXTS.you : author.name}
        </span>
        <time className="chat-bubble__time" dateTime={createdAt}>
          {formatChatTime(createdAt)}
        </time>
      </div>
      <p className="chat-bubble__text">{text}</p>
      {mark && (
        <span className={`chat-bubble__mark chat-bubble__mark--${mark}`}>
          {CHAT_TEXTS.marks[mark]}
        </span>
      )}
      {failure && (
        <div className="chat-bubble__failure">
          <span role="alert">{failure}</span>
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              {CHAT_TEXTS.retry}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
