import type { ConflictPolicy, EntriesResult, FailedEntry } from "@fonika/shared";
import { type ReactNode, useState } from "react";
import { toast } from "react-toastify";
import { errorText } from "../../../lib/error-messages.ts";
import {
  type FailedAction,
  FailedEntriesModal,
  isConflict,
} from "../components/failed-entries-modal.tsx";

/** Runs the failed action again for some of its rows with a conflict policy. */
export type RetryFailed = (
  ids: string[],
  policy: Exclude<ConflictPolicy, "nothing">,
) => Promise<EntriesResult>;

interface Report {
  action: FailedAction;
  failed: FailedEntry[];
  retry?: RetryFailed;
}

/**
 * The failed-entries modal of a screen: `show` opens it for the failed rows
 * of a move, copy or add; its 'Заменить' and 'Оставить оба' retry the
 * conflicting rows, and it stays open with whatever still failed.
 */
export function useFailedEntries(): {
  show: (report: Report) => void;
  modal: ReactNode;
} {
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);

  const retry = async (policy: Exclude<ConflictPolicy, "nothing">) => {
    if (!report?.retry) return;
    const conflicts = report.failed.filter(isConflict);
    const others = report.failed.filter((entry) => !isConflict(entry));
    setBusy(true);
    try {
      const result = await report.retry(
        conflicts.map((entry) => entry.entryId),
        policy,
      );
      const remaining = [...others, ...result.failedEntries];
      setReport(remaining.length > 0 ? { ...report, failed: remaining } : null);
      if (result.entries.length > 0) toast.success(`Готово: ${result.entries.length}`);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return {
    show: (next) => setReport(next.failed.length > 0 ? next : null),
    modal: report && (
      <FailedEntriesModal
        action={report.action}
        failed={report.failed}
        onRetry={report.retry ? retry : undefined}
        busy={busy}
        onClose={() => setReport(null)}
      />
    ),
  };
}
