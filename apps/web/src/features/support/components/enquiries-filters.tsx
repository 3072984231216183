import {
  ENQUIRY_STATE_LABELS,
  ENQUIRY_STATES,
  ENQUIRY_TOPIC_LABELS,
  ENQUIRY_TOPICS,
  type EnquiryTopic,
  type SupportPerson,
} from "@fonika/shared";
import { SearchBox } from "../../../components/ui/search-box.tsx";
import { ToolbarSelect } from "../../../components/ui/toolbar-select.tsx";
import type { EnquiryStateFilter } from "../api/list-enquiries.ts";
import { ENQUIRY_TEXTS } from "../support-texts.ts";

/** The assignee filter as the address bar holds it: the caller's, nobody's, or one person's id. */
export type AssigneeFilter = "mine" | "none" | (string & {});

const STATE_FILTERS: readonly EnquiryStateFilter[] = ["open", ...ENQUIRY_STATES];
const STATE_FILTER_LABELS: Record<EnquiryStateFilter, string> = {
  open: ENQUIRY_TEXTS.openStates,
  ...ENQUIRY_STATE_LABELS,
};

interface EnquiriesFiltersProps {
  query: string;
  state: EnquiryStateFilter | undefined;
  topic: EnquiryTopic | undefined;
  assignee: AssigneeFilter | undefined;
  /** Staff filter by topic and assignee too; a client by state and text only. */
  staff: boolean;
  assignees: readonly SupportPerson[];
  onSearch: (query: string) => void;
  onStateChange: (state: EnquiryStateFilter | undefined) => void;
  onTopicChange: (topic: EnquiryTopic | undefined) => void;
  onAssigneeChange: (assignee: AssigneeFilter | undefined) => void;
}

/** The enquiries list's search and filters by state, topic and assignee. */
export function EnquiriesFilters({
  query,
  state,
  topic,
  assignee,
  staff,
  assignees,
  onSearch,
  onStateChange,
  onTopicChange,
  onAssigneeChange,
}: EnquiriesFiltersProps) {
  const assigneeOptions: AssigneeFilter[] = [
    "mine",
    "none",
    ...assignees.map((person) => person.id),
  ];
  const assigneeLabels: Record<string, string> = {
    mine: ENQUIRY_TEXTS.mine,
    none: ENQUIRY_TEXTS.unassigned,
    ...Object.fromEntries(assignees.map((person) => [person.id, person.name])),
  };
  // A hand-typed or former assignee's id stays selectable until the list knows it.
  if (assignee && !assigneeOptions.includes(assignee)) {
    assigneeOptions.push(assignee);
    assigneeLabels[assignee] = ENQUIRY_TEXTS.assignee;
  }
  return (
    <div className="list-toolbar enquiries-filters">
      <SearchBox
        query={query}
        onSearch={onSearch}
        label={ENQUIRY_TEXTS.searchLabel}
        placeholder={ENQUIRY_TEXTS.searchPlaceholder}
      />
      <ToolbarSelect
        label="Статус"
        value={state}
        options={STATE_FILTERS}
        labels={STATE_FILTER_LABELS}
        emptyLabel={ENQUIRY_TEXTS.allStates}
        onChange={onStateChange}
      />
      {staff && (
        <>
          <ToolbarSelect
            label={ENQUIRY_TEXTS.topic}
            value={topic}
            options={ENQUIRY_TOPICS}
            labels={ENQUIRY_TOPIC_LABELS}
            emptyLabel={ENQUIRY_TEXTS.allTopics}
            onChange={onTopicChange}
          />
          <ToolbarSelect
            label={ENQUIRY_TEXTS.assignee}
            value={assignee}
            options={assigneeOptions}
            labels={assigneeLabels}
            emptyLabel={ENQUIRY_TEXTS.allAssignees}
            onChange={onAssigneeChange}
          />
        </>
      )}
    </div>
  );
}
