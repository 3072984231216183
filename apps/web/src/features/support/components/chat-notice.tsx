import type { MouseEvent } from "react";
import { CHAT_TEXTS } from "../chat-texts.ts";

interface ChatNoticeProps {
  text: string;
  /** Where the notice leads. */
  to: string;
  /** The app's navigation: a toast lives outside the router. */
  onOpen: (to: string) => void;
  /** Given by the toast container: following the link closes the toast. */
  closeToast?: () => void;
}

/** A toast's content: what happened and a link to it. */
export function ChatNotice({ text, to, onOpen, closeToast }: ChatNoticeProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    closeToast?.();
    onOpen(to);
  };
  return (
    <span className="chat-notice">
      {text}{" "}
      <a href={to} onClick={handleClick}>
        {CHAT_TEXTS.open}
      </a>
    </span>
  );
}
