import type { Profile } from "@fonika/shared";
import { SummaryRowsSkeleton } from "../../../components/ui/skeleton.tsx";
import { ROLE_LABELS } from "../../../config/roles.ts";
import { formatPhone } from "../../../lib/format.ts";
import { fullNameOf } from "../../../lib/person-names.ts";

export const STATUS_LABELS: Record<Profile["status"], string> = {
  active: "Активен",
  blocked: "Заблокирован",
  deleted: "Удалён",
};

export const TYPE_LABELS: Record<NonNullable<Profile["type"]>, string> = {
  individual: "Индивидуальный предприниматель",
  legal: "Юридическое лицо",
};

/**
 * The account's own data as a definition list; skeleton rows while loading.
 * Contact phone, contact e-mail and company show when the profile has them.
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
        ["Роль", ROLE_LABELS[profile.role]],
        ["Статус", STATUS_LABELS[profile.status]],
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
