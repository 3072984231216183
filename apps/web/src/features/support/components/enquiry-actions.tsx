import type { Enquiry, EnquiryState, SupportPerson } from "@fonika/shared";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useAssignEnquiry } from "../api/assign-enquiry.ts";
import { useChangeEnquiryState } from "../api/change-enquiry-state.ts";
import { ENQUIRY_TEXTS, MOVE_LABELS } from "../support-texts.ts";

/** A state button's words: the client's or staff's for the state it moves to. */
function moveLabel(state: EnquiryState, staff: boolean): string {
  const labels: Partial<Record<EnquiryState, string>> = staff
    ? MOVE_LABELS.staff
    : MOVE_LABELS.client;
  return labels[state] ?? state;
}

interface EnquiryActionsProps {
  enquiry: Enquiry;
  /** Support staff (their words for the moves); a client otherwise. */
  staff: boolean;
  assignees: readonly SupportPerson[];
}

/**
 * The state buttons the server allows now (`abilities.moveTo`) and, for
 * staff who may assign (`abilities.assign`), the assignee select.
 */
export function EnquiryActions({ enquiry, staff, assignees }: EnquiryActionsProps) {
  const selectId = useId();
  const move = useChangeEnquiryState(enquiry.id);
  const assign = useAssignEnquiry(enquiry.id);
  const [error, setError] = useState<string | null>(null);
  const people =
    enquiry.assignee && !assignees.some((person) => person.id === enquiry.assignee?.id)
      ? [enquiry.assignee, ...assignees]
      : assignees;
  if (enquiry.abilities.moveTo.length === 0 && !enquiry.abilities.assign) return null;
  const failed = (failure: unknown) => setError(errorText(failure));

  return (
    <>
      <div className="enquiry-actions">
        {enquiry.abilities.moveTo.map((state) => (
          <Button
            key={state}
            variant={state === "closed" ? "secondary" : "primary"}
            busy={move.isPending && move.variables === state}
            disabled={move.isPending}
            onClick={() => {
              setError(null);
              move.mutate(state, { onError: failed });
            }}
          >
            {moveLabel(state, staff)}
          </Button>
        ))}
        {enquiry.abilities.assign && (
          <div className="list-toolbar__sort">
            <label className="field__label" htmlFor={selectId}>
              {ENQUIRY_TEXTS.assignee}
            </label>
            <select
              id={selectId}
              className="input"
              value={enquiry.assignee?.id ?? ""}
              disabled={assign.isPending}
              onChange={(event) => {
                setError(null);
                assign.mutate(event.target.value || null, { onError: failed });
              }}
            >
              <option value="">{ENQUIRY_TEXTS.nobody}</option>
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
