import { toast } from "react-toastify";
import { errorText } from "../../../lib/error-messages.ts";

/**
 * Makes a subscription's state change and toasts its answer or its failure.
 * Through the promise, not `mutate`'s callbacks: the change's own refetch,
 * or another manager's news, may take the button away first (a pending
 * subscription's actions go once it is active, a queue's row once it is
 * served), and TanStack Query drops the callbacks of a caller gone by
 * then: under load the staff member saw the subscription active and no
 * «Подписка активирована».
 */
export function changeWithToast(
  change: { mutateAsync: () => Promise<unknown> },
  success: string,
): Promise<void> {
  return change.mutateAsync().then(
    () => {
      toast.success(success);
    },
    (error: unknown) => {
      toast.error(errorText(error));
    },
  );
}
