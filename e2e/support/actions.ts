import { type Locator, test } from "@playwright/test";

/**
 * What a person does in a flow, counted: every click and every field typed
 * is one action (a selected option too), as the issues count a path's
 * length. A target that is not on the screen when the person comes to it
 * costs a scroll first, counted as one action more and in `scrolls` (issue
 * 28: no scroll should be needed to find the next step). Waits and checks
 * are the test's, not the person's, and are not counted. `report()` says
 * how many and how long.
 */
export class PersonActions {
  private done = 0;
  private scrolled = 0;
  private readonly startedAt = Date.now();

  /** Seconds since the person began. */
  get seconds(): number {
    return (Date.now() - this.startedAt) / 1000;
  }

  /** How many actions so far, scrolls included. */
  get count(): number {
    return this.done;
  }

  /** How many times the person had to scroll to reach the next target. */
  get scrolls(): number {
    return this.scrolled;
  }

  async click(target: Locator): Promise<void> {
    await this.reach(target);
    await target.click();
  }

  async fill(target: Locator, text: string): Promise<void> {
    await this.reach(target);
    await target.fill(text);
  }

  async check(target: Locator): Promise<void> {
    await this.reach(target);
    await target.check();
  }

  /** One action a test does another way (a QR code scanned, an approval by staff). */
  note(actions = 1): void {
    this.done += actions;
  }

  /** "<what>: N actions (S scrolls) in T s", printed with the run and kept in the report's annotations. */
  report(what: string): string {
    const line = `${what}: ${this.done} actions (${this.scrolled} scrolls) in ${this.seconds.toFixed(1)} s`;
    process.stdout.write(`${line}\n`);
    test.info().annotations.push({ type: "path", description: line });
    return line;
  }

  /**
   * Counts the action, and a scroll before it when the target is not on the
   * screen as it stands: its middle outside the viewport, or covered there
   * by something else (a sticky header, a dialog's backdrop). A field the
   * keyboard's «Далее» reaches from the field just typed (the next field to
   * type in of the same form, as phones offer it) needs no scroll: the tap
   * on «Далее» stands for the tap on the field, and the browser brings the
   * field into view. Either way the target ends in the middle of the screen,
   * as a person or the browser would leave it, before it is acted on.
   */
  private async reach(target: Locator): Promise<void> {
    this.done += 1;
    await target.waitFor({ state: "attached" });
    const found = await target.evaluate((element) => {
      const typedIn = (node: Element | null): node is HTMLElement => {
        if (node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement) return true;
        if (!(node instanceof HTMLInputElement)) return false;
        const notTyped = ["checkbox", "radio", "button", "submit", "reset", "hidden", "file"];
        return !notTyped.includes(node.type);
      };
      const focused = document.activeElement;
      if (typedIn(focused) && "form" in focused && focused.form instanceof HTMLFormElement) {
        const fields = [...focused.form.elements].filter(
          (node): node is HTMLElement =>
            typedIn(node) &&
            !(node as HTMLInputElement).disabled &&
            !(node as HTMLInputElement).readOnly &&
            node.tabIndex >= 0 &&
            // Rendered and not folded away (a closed <details> keeps its boxes, hidden).
            node.checkVisibility(),
        );
        if (fields[fields.indexOf(focused) + 1] === element) return "next-field";
      }
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const inside =
        (box.width > 0 || box.height > 0) &&
        x >= 0 &&
        y >= 0 &&
        x <= window.innerWidth &&
        y <= window.innerHeight;
      const hit = inside ? document.elementFromPoint(x, y) : null;
      // A control drawn by its label (a styled checkbox) is reached through that label.
      const frame = (node: Element) => node.closest("label, .field");
      const seen =
        hit !== null &&
        (hit === element ||
          element.contains(hit) ||
          hit.contains(element) ||
          (frame(hit) !== null && frame(hit) === frame(element)));
      if (!seen) element.scrollIntoView({ block: "center" });
      return seen ? "on-screen" : "scrolled";
    });
    if (found === "next-field") {
      await target.evaluate((element) => element.scrollIntoView({ block: "center" }));
    }
    if (found === "scrolled") {
      this.done += 1;
      this.scrolled += 1;
    }
  }
}
