import type { MouseEvent } from "react";
import { SUBSCRIPTION_QUEUE_TEXTS } from "../subscription-texts.ts";

interface SubscriptionNoticeProps {
  text: string;
  /** Where the notice leads: the queue. */
  to: string;
  /** The app's navigation: a toast lives outside the router. */
  onOpen: (to: string) => void;
  /** Given by the toast container: following the link closes the toast. */
  closeToast?: () => void;
}

/** A toast's content for staff: a subscription came, and a link to the queue. */
export function SubscriptionNotice({ text, to, onOpen, closeToast }: SubscriptionNoticeProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    closeToast?.();
    onOpen(to);
  };
  return (
    <span className="subscription-notice">
      {text}{" "}
      <a href={to} onClick={handleClick}>
        {SUBSCRIPTION_QUEUE_TEXTS.openQueue}
      </a>
    </span>
  );
}
