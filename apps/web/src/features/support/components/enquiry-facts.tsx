import { ENQUIRY_TOPIC_LABELS, type Enquiry } from "@fonika/shared";
import { formatDateTime } from "../../../lib/format.ts";
import { ENQUIRY_TEXTS } from "../support-texts.ts";
import { EnquiryStateChip } from "./enquiries-table.tsx";

/** What an enquiry is about: state, topic, client, establishment, player, assignee, times. */
export function EnquiryFacts({ enquiry }: { enquiry: Enquiry }) {
  const facts: [string, React.ReactNode][] = [
    ["Статус", <EnquiryStateChip key="state" state={enquiry.state} />],
    [ENQUIRY_TEXTS.topic, ENQUIRY_TOPIC_LABELS[enquiry.topic]],
    [ENQUIRY_TEXTS.client, enquiry.client.name],
    [ENQUIRY_TEXTS.establishment, enquiry.establishmentName ?? "—"],
    [ENQUIRY_TEXTS.player, enquiry.playerName ?? "—"],
    [ENQUIRY_TEXTS.assignee, enquiry.assignee?.name ?? ENQUIRY_TEXTS.nobody],
    ["Создано", formatDateTime(enquiry.createdAt)],
    ["Обновлено", formatDateTime(enquiry.updatedAt)],
  ];
  return (
    <dl className="enquiry-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
