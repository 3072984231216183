import type { Profile } from "@fonika/shared";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { ROLE_LABELS } from "../../../config/roles.ts";
import { fullNameOf, initialsOf } from "../../../lib/person-names.ts";
import { UserStatusChip } from "./user-status-chip.tsx";
import "../users.css";

/** The user's picture, or their initials while there is none (or it fails to load). */
function UserAvatar({ profile, src }: { profile: Profile; src: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = src !== null && failedUrl !== src;
  return (
    <span className="avatar user-header__avatar">
      {showImage ? (
        <img src={src} alt={`Аватар: ${fullNameOf(profile)}`} onError={() => setFailedUrl(src)} />
      ) : (
        <span aria-hidden="true">{initialsOf(profile)}</span>
      )}
    </span>
  );
}

interface UserHeaderProps {
  /** Undefined while the profile loads: skeletons keep the header's size. */
  profile: Profile | undefined;
  /** The avatar's address while the profile has one. */
  avatarUrl?: string | null;
  /** Where the back arrow leads. */
  back: { to: string; label: string };
  /** The buttons on the right (edit, delete), shown once the profile is known. */
  actions?: ReactNode;
}

/**
 * The client profile header of SPEC.md §2: back arrow, avatar, name, a
 * status chip, and the actions the server allows.
 */
export function UserHeader({ profile, avatarUrl = null, back, actions }: UserHeaderProps) {
  return (
    <header className="page__header user-header">
      <div className="user-header__who">
        <Link to={back.to} className="icon-button" aria-label={back.label} title={back.label}>
          <Icon name="chevron-left" />
        </Link>
        {profile ? (
          <UserAvatar profile={profile} src={avatarUrl} />
        ) : (
          <span className="avatar user-header__avatar" aria-hidden="true" />
        )}
        <div className="user-header__text">
          <h1 className="page__title user-header__name" id="page-title">
            {profile ? fullNameOf(profile) : <Skeleton width="12em" />}
          </h1>
          <div className="user-header__meta">
            {profile ? (
              <>
                <UserStatusChip profile={profile} />
                <span className="muted">{ROLE_LABELS[profile.role]}</span>
                {profile.login && <span className="muted user-header__login">{profile.login}</span>}
              </>
            ) : (
              <Skeleton width="10em" />
            )}
          </div>
        </div>
      </div>
      {profile && actions && <div className="page__actions user-header__actions">{actions}</div>}
    </header>
  );
}
