import { LICENCES } from "@fonika/shared";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDay } from "../../../lib/format.ts";
import { useEndingLicences } from "../api/licences.ts";

/**
 * The licences that end within 30 days (issue 32), soonest first: the
 * content manager renews them before their holders' songs stop playing.
 * A licence another one continues says so: nothing stops there.
 */
export function EndingLicences({
  onOpen,
}: {
  onOpen: (holder: { id: string; name: string }) => void;
}) {
  const ending = useEndingLicences();
  if (ending.isError) return <p role="alert">{errorText(ending.error)}</p>;
  const list = ending.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="ending-licences" aria-label="Истекающие лицензии">
      <h2>Истекают в ближайшие {LICENCES.endingWithinDays} дней</h2>
      <ul>
        {list.map(({ licence, holder, songCount, followedBy }) => (
          <li key={licence.id}>
            <button type="button" className="link-button" onClick={() => onOpen(holder)}>
              {holder.name}
            </button>
            {`: договор ${licence.contractNumber} до ${formatDay(licence.endsOn ?? "")}`}
            {followedBy
              ? " — продлён следующим договором"
              : songCount > 0
                ? ` — после этого перестанут играть треков: ${songCount}`
                : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
