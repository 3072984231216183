import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useReplyToEnquiry } from "../api/reply-to-enquiry.ts";
import { useAttachmentUploads } from "../hooks/use-attachment-uploads.ts";
import { ENQUIRY_TEXTS } from "../support-texts.ts";
import { AttachmentPicker } from "./attachment-picker.tsx";
import { EnquiryTextField } from "./enquiry-text-field.tsx";

/** The reply box under an enquiry's thread: text and attachments; emptied once sent. */
export function EnquiryReplyForm({ enquiryId }: { enquiryId: string }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const attachments = useAttachmentUploads();
  const reply = useReplyToEnquiry(enquiryId);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError("Введите текст");
      return;
    }
    if (attachments.blocker) {
      setError(attachments.blocker);
      return;
    }
    setError(null);
    reply.mutate(
      { text, attachmentIds: attachments.attachmentIds },
      {
        onSuccess: () => {
          setText("");
          attachments.clear();
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <EnquiryTextField
        label={ENQUIRY_TEXTS.replyLabel}
        value={text}
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
      />
      <AttachmentPicker
        uploads={attachments.uploads}
        limitError={attachments.limitError}
        onAdd={attachments.add}
        onRemove={attachments.remove}
      />
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={reply.isPending}>
          {ENQUIRY_TEXTS.reply}
        </Button>
      </div>
    </form>
  );
}
