import { type Profile, ROLE_LABELS } from "@fonika/shared";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatPhone } from "../../../lib/format.ts";
import { displayNameOf } from "../display-name.ts";

const STATUS_LABELS: Record<Profile["status"], string> = {
  active: "Активен",
  blocked: "Заблокирован",
  deleted: "Удалён",
};

const TYPE_LABELS: Record<NonNullable<Profile["type"]>, string> = {
  individual: "Индивидуальный предприниматель",
  legal: "Юридическое лицо",
};

/** The account's own data as a definition list; skeleton rows while loading. */
export function ProfileSummary({ profile }: { profile: Profile | undefined }) {
  const rows: [string, string | null | undefined][] = profile
    ? [
        ["Имя", displayNameOf(profile)],
        ["Логин", profile.login],
        ["E-mail", profile.email ?? profile.contactEmail],
        ["Телефон", profile.phone ? formatPhone(profile.phone) : null],
        ["Тип профиля", profile.type ? TYPE_LABELS[profile.type] : null],
        ["Роль", ROLE_LABELS[profile.role]],
        ["Статус", STATUS_LABELS[profile.status]],
      ]
    : [];
  return (
    <dl className="summary">
      {profile
        ? rows.map(([term, value]) => (
            <div className="summary__row" key={term}>
              <dt>{term}</dt>
              <dd>{value || "—"}</dd>
            </div>
          ))
        : [0, 1, 2, 3].map((index) => (
            <div className="summary__row" key={index}>
              <dt>
                <Skeleton width="6em" />
              </dt>
              <dd>
                <Skeleton width="12em" />
              </dd>
            </div>
          ))}
    </dl>
  );
}
