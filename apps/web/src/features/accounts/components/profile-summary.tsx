import { type Profile, PSEUDO_ROLES } from "@fonika/shared";
import { SummaryRowsSkeleton } from "../../../components/ui/skeleton.tsx";
import { ROLE_LABELS } from "../../../config/roles.ts";
import { formatPhone } from "../../../lib/format.ts";
import { fullNameOf } from "../../../lib/person-names.ts";
import { statusChipOf, USER_STATUS_LABELS } from "../user-status.ts";

export const TYPE_LABELS: Record<NonNullable<Profile["type"]>, string> = {
  individual: "Индивидуальный предприниматель",
  legal: "Юридическое лицо",
};

/** Whether the account holds a role yet: one still filling in or waiting holds a state only. */
function holdsRole(profile: Profile): boolean {
  return !(PSEUDO_ROLES as readonly string[]).includes(profile.role);
}

/**
 * The account's own data as a definition list; skeleton rows while loading.
 * Contact phone, contact e-mail and company show when the profile has them.
 * The status is the one word the chips use (a waiting account reads
 * 'Ждёт активации', never 'Активен'); the role shows once there is one.
 */
export function ProfileSummary({ profile }: { profile: Profile | undefined }) {
  const rows: [string, string | null | undefined][] = profile
    ? [
        ["Имя", fullNameOf(profile)],
        ["Логин", profile.login],
        ["E-mail", profile.email ?? profile.contactEmail],
        ["Телефон", profile.phone ? formatPhone(profile.phone) : null],
        ...(profile.contactPhone && profile.contactPhone !== profile.phone
          ? [["Контактный телефон", formatPhone(profile.contactPhone)] as [string, string]]
          : []),
        ...(profile.contactEmail && profile.email && profile.contactEmail !== profile.email
          ? [["Контактный e-mail", profile.contactEmail] as [string, string]]
          : []),
        ["Тип профиля", profile.type ? TYPE_LABELS[profile.type] : null],
        ...(profile.company ? [["Компания", profile.company] as [string, string]] : []),
        ...(holdsRole(profile) ? [["Роль", ROLE_LABELS[profile.role]] as [string, string]] : []),
        ["Статус", USER_STATUS_LABELS[statusChipOf(profile)]],
      ]
    : [];
  return (
    <dl className="summary">
      {profile ? (
        rows.map(([term, value]) => (
          <div className="summary__row" key={term}>
            <dt>{term}</dt>
            <dd>{value || "—"}</dd>
          </div>
        ))
      ) : (
        <SummaryRowsSkeleton />
      )}
    </dl>
  );
}
