import { ACCOUNTS, type Profile } from "@fonika/shared";
import { useId, useState } from "react";
import { toast } from "react-toastify";
import { Icon } from "../../../components/ui/icon.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { displayNameOf, initialsOf } from "../../../lib/person-names.ts";
import { useChangeAvatar } from "../api/change-avatar.ts";
import { useAvatarUrl } from "../api/get-avatar.ts";
import "../accounts.css";

const ACCEPTED: readonly string[] = ACCOUNTS.avatarUploadTypes;
const WRONG_TYPE = "Подойдёт только изображение JPEG, PNG или WebP";

/** What is wrong with a chosen file before it is sent, or null. */
export function avatarFileError(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return WRONG_TYPE;
  if (file.size > ACCOUNTS.maxAvatarMb * 1024 * 1024) {
    return `Изображение больше ${ACCOUNTS.maxAvatarMb} МБ`;
  }
  return null;
}

/**
 * The profile's picture (or its initials) and, when the viewer may change
 * the profile, a button that uploads a new one at once: images only.
 */
export function AvatarField({ profile }: { profile: Profile }) {
  const inputId = useId();
  const url = useAvatarUrl(profile);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeAvatar(profile.userId);
  const name = displayNameOf(profile);
  const shown = url && url !== failedUrl ? url : null;

  const handleFile = (file: File) => {
    const problem = avatarFileError(file);
    setError(problem);
    if (problem) return;
    change.mutate(file, {
      onSuccess: () => toast.success("Фото профиля обновлено"),
      onError: (failure) => setError(errorText(failure)),
    });
  };

  return (
    <div className="avatar-field">
      <span className="avatar avatar--large">
        {shown ? (
          <img src={shown} alt={`Фото профиля: ${name}`} onError={() => setFailedUrl(shown)} />
        ) : (
          <span aria-hidden="true">{initialsOf(profile)}</span>
        )}
        {change.isPending && <span className="avatar-field__busy spinner spinner--small" />}
      </span>
      {profile.abilities.edit && (
        <div className="avatar-field__controls">
          <label
            className={`button button--secondary button--md${change.isPending ? " is-disabled" : ""}`}
            htmlFor={inputId}
          >
            <Icon name="upload" />
            {profile.imageUrl ? "Заменить фото" : "Загрузить фото"}
          </label>
          <input
            id={inputId}
            type="file"
            accept={ACCEPTED.join(",")}
            className="visually-hidden"
            disabled={change.isPending}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = "";
              if (chosen) handleFile(chosen);
            }}
          />
          <span
            className={`field__message${error ? " avatar-field__error" : ""}`}
            role={error ? "alert" : undefined}
          >
            {error ?? `JPEG, PNG или WebP, до ${ACCOUNTS.maxAvatarMb} МБ`}
          </span>
        </div>
      )}
    </div>
  );
}
