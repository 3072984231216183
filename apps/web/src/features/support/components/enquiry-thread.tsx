import type { EnquiryEvent, SupportAttachment } from "@fonika/shared";
import { useApiClient } from "../../../lib/app-services.ts";
import { formatDateTime, formatSizeMb } from "../../../lib/format.ts";
import { supportAttachmentUrl } from "../api/support-attachment-url.ts";
import { ENQUIRY_TEXTS } from "../support-texts.ts";
import "../support.css";

/** An attachment as a download link; the address takes the token of the moment it is clicked. */
function AttachmentLink({ attachment }: { attachment: SupportAttachment }) {
  const api = useApiClient();
  return (
    <a
      href={supportAttachmentUrl(api, attachment.id)}
      download={attachment.name}
      onClick={(event) => {
        event.currentTarget.href = supportAttachmentUrl(api, attachment.id);
      }}
    >
      {attachment.name} <span className="muted">({formatSizeMb(attachment.size)})</span>
    </a>
  );
}

/**
 * An enquiry's thread, oldest first: messages of both sides with author,
 * time and attachments; changes of state and assignee, player commands and
 * alerts as quiet lines. Every text is shown as text (React escapes it;
 * line breaks kept by CSS), never as HTML.
 */
export function EnquiryThread({ events }: { events: readonly EnquiryEvent[] }) {
  return (
    <ol className="enquiry-thread" aria-label={ENQUIRY_TEXTS.thread}>
      {events.map((event) =>
        event.kind === "message" ? (
          <li
            key={event.id}
            className={`enquiry-message${event.author?.side === "staff" ? " enquiry-message--staff" : ""}`}
          >
            <div className="enquiry-message__meta">
              <span className="enquiry-message__author">{event.author?.name ?? "—"}</span>
              <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            </div>
            <p className="enquiry-message__text">{event.text}</p>
            {event.attachments.length > 0 && (
              <ul className="enquiry-message__files" aria-label={ENQUIRY_TEXTS.attachments}>
                {event.attachments.map((attachment) => (
                  <li key={attachment.id}>
                    <AttachmentLink attachment={attachment} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ) : (
          <li key={event.id} className="enquiry-event">
            <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            <span>
              {event.author ? `${event.author.name}: ` : ""}
              {event.text}
            </span>
          </li>
        ),
      )}
    </ol>
  );
}
