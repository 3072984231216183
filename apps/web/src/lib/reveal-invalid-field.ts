/**
 * A failed submit brings its first wrong field into view and gives it focus,
 * for every form of the app at once: the app watches submits on the
 * document instead of each form doing it (docs/decisions.md, issue 17).
 * A field counts as wrong when its control says `aria-invalid="true"` (what
 * every input of `components/ui` sets with its message) or its frame is
 * `.field--invalid`.
 */

const INVALID = '[aria-invalid="true"], .field--invalid';
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * How long after a submit a field marked wrong later (the server's answer,
 * e.g. a wrong code or a taken name) is still revealed; typing in the form
 * ends the wait sooner, so focus never jumps away from a person typing.
 */
const LATE_ANSWER_MS = 30_000;

/** The first field of `form` marked wrong, in document order, or null. */
export function firstInvalidField(form: ParentNode): HTMLElement | null {
  return form.querySelector<HTMLElement>(INVALID);
}

function prefersReducedMotion(view: Window | null): boolean {
  return typeof view?.matchMedia === "function"
    ? view.matchMedia("(prefers-reduced-motion: reduce)").matches
    : false;
}

/**
 * Scrolls the first wrong field of `form` to the middle of the screen (where
 * a sticky header or a phone's keyboard does not hide it; its label comes
 * along) and focuses its control without a second jump. Answers whether
 * there was one.
 */
export function revealFirstInvalidField(form: ParentNode): boolean {
  const marked = firstInvalidField(form);
  if (!marked) return false;
  const field = marked.closest<HTMLElement>(".field, .checkbox") ?? marked;
  const control = marked.matches(FOCUSABLE)
    ? marked
    : (marked.querySelector<HTMLElement>(FOCUSABLE) ?? null);
  if (typeof field.scrollIntoView === "function") {
    const smooth = !prefersReducedMotion(field.ownerDocument.defaultView);
    field.scrollIntoView({ block: "center", behavior: smooth ? "smooth" : "auto" });
  }
  control?.focus({ preventScroll: true });
  return true;
}

/**
 * Watches every form submitted in `root`: once the submit's own render is
 * done, the first wrong field is revealed; when none is wrong yet, the form
 * is watched until a field is marked (a server's refusal), the person types
 * in it, it is submitted again or left, or LATE_ANSWER_MS pass. Answers the
 * function that stops watching.
 */
export function watchFailedSubmits(root: Document = document): () => void {
  const view = root.defaultView ?? window;
  let stopWaiting = () => {};

  const waitForLateAnswer = (form: HTMLFormElement) => {
    const observer = new MutationObserver(() => {
      if (!form.isConnected) return stop();
      if (revealFirstInvalidField(form)) stop();
    });
    const timer = view.setTimeout(() => stop(), LATE_ANSWER_MS);
    const stop = () => {
      observer.disconnect();
      view.clearTimeout(timer);
      form.removeEventListener("input", stop);
    };
    observer.observe(form, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-invalid", "class"],
    });
    form.addEventListener("input", stop);
    stopWaiting = stop;
  };

  const handleSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof view.HTMLFormElement)) return;
    stopWaiting();
    // A task later: React has rendered the messages the submit handler set.
    view.setTimeout(() => {
      if (!form.isConnected || revealFirstInvalidField(form)) return;
      waitForLateAnswer(form);
    }, 0);
  };

  root.addEventListener("submit", handleSubmit, true);
  return () => {
    root.removeEventListener("submit", handleSubmit, true);
    stopWaiting();
  };
}
