import { useState } from "react";
import { Skeleton } from "../ui/skeleton.tsx";

interface UserBadgeProps {
  /** Undefined while the profile loads: skeletons keep the header's size. */
  name: string | undefined;
  initials: string | undefined;
  roleLabel: string;
  imageUrl?: string | null;
}

/** The header's avatar (picture or initials), name and role label. */
export function UserBadge({ name, initials, roleLabel, imageUrl }: UserBadgeProps) {
  const [imageFailed, setImageFailed] = useState(false);
  const showImage = Boolean(imageUrl) && !imageFailed;
  return (
    <div className="user-badge">
      <div className="user-badge__text">
        <span className="user-badge__name">{name ?? <Skeleton width="8em" />}</span>
        <span className="user-badge__role">{roleLabel}</span>
      </div>
      <span className="avatar" aria-hidden={!showImage}>
        {showImage ? (
          <img
            src={imageUrl ?? undefined}
            alt={name ? `Аватар: ${name}` : "Аватар"}
            onError={() => setImageFailed(true)}
          />
        ) : (
          (initials ?? "")
        )}
      </span>
    </div>
  );
}
