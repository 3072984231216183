import { type KeyboardEvent, useId, useState } from "react";
import { Icon } from "../../../components/ui/icon.tsx";
import "../playlists.css";

/** The shared contract's limits of a playlist's tags. */
export const TAG_LIMITS = { maxTags: 20, maxLength: 50 } as const;

interface TagsInputProps {
  label: string;
  tags: readonly string[];
  onChange: (tags: string[]) => void;
}

/** Adds a typed tag unless it is empty, a repeat (any letter case) or over the limits. */
export function addTag(tags: readonly string[], typed: string): string[] {
  const tag = typed.trim().slice(0, TAG_LIMITS.maxLength);
  if (!tag || tags.length >= TAG_LIMITS.maxTags) return [...tags];
  if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

/** Tags as chips: Enter or a comma adds the typed one, each chip has a remove button. */
export function TagsInput({ label, tags, onChange }: TagsInputProps) {
  const inputId = useId();
  const [text, setText] = useState("");
  const commit = () => {
    if (!text.trim()) return;
    onChange(addTag(tags, text));
    setText("");
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      commit();
    } else if (event.key === "Backspace" && !text && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };
  const full = tags.length >= TAG_LIMITS.maxTags;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="tags-input">
        {tags.map((tag) => (
          <span key={tag} className="tag">
            {tag}
            <button
              type="button"
              className="tag__remove"
              aria-label={`Убрать тег «${tag}»`}
              onClick={() => onChange(tags.filter((existing) => existing !== tag))}
            >
              <Icon name="close" size={12} />
            </button>
          </span>
        ))}
        <input
          id={inputId}
          className="tags-input__input"
          value={text}
          maxLength={TAG_LIMITS.maxLength}
          disabled={full}
          placeholder={full ? "" : "Введите тег и нажмите Enter"}
          onChange={(event) => setText(event.target.value.replace(",", ""))}
          onKeyDown={handleKeyDown}
          onBlur={commit}
        />
      </div>
      <div className="field__message">
        {full ? `Не больше ${TAG_LIMITS.maxTags} тегов` : "Теги помогают клиентам найти плейлист"}
      </div>
    </div>
  );
}
