import { SUPPORT } from "@fonika/shared";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { CHAT_TEXTS } from "../chat-texts.ts";

interface ChatComposerProps {
  onSend: (text: string) => void;
  /** Called on every change of the text: the typing mark. */
  onTyping: () => void;
}

/** Where a message is written: Enter sends, Shift+Enter starts a new line; blank text is not sent. */
export function ChatComposer({ onSend, onTyping }: ChatComposerProps) {
  const [text, setText] = useState("");
  const id = useId();
  const blank = text.trim().length === 0;

  const submit = () => {
    if (blank) return;
    onSend(text);
    setText("");
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="chat-composer" onSubmit={handleSubmit}>
      <label className="visually-hidden" htmlFor={id}>
        {CHAT_TEXTS.messageLabel}
      </label>
      <textarea
        id={id}
        className="chat-composer__input"
        rows={2}
        maxLength={SUPPORT.chatTextMax}
        placeholder={CHAT_TEXTS.placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.length > 0) onTyping();
        }}
        onKeyDown={handleKeyDown}
      />
      <Button type="submit" disabled={blank}>
        {CHAT_TEXTS.send}
      </Button>
    </form>
  );
}
