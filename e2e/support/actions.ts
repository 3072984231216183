import { type Locator, test } from "@playwright/test";

/**
 * What a person does in a flow, counted: every click and every field typed
 * is one action (a selected option too), as the issues count a path's
 * length. Waits and checks are the test's, not the person's, and are not
 * counted. `report()` says how many and how long.
 */
export class PersonActions {
  private done = 0;
  private readonly startedAt = Date.now();

  /** Seconds since the person began. */
  get seconds(): number {
    return (Date.now() - this.startedAt) / 1000;
  }

  /** How many actions so far. */
  get count(): number {
    return this.done;
  }

  async click(target: Locator): Promise<void> {
    this.done += 1;
    await target.click();
  }

  async fill(target: Locator, text: string): Promise<void> {
    this.done += 1;
    await target.fill(text);
  }

  async check(target: Locator): Promise<void> {
    this.done += 1;
    await target.check();
  }

  /** One action a test does another way (a QR code scanned, an approval by staff). */
  note(actions = 1): void {
    this.done += actions;
  }

  /** "<what>: N actions in S s", printed with the run and kept in the report's annotations. */
  report(what: string): string {
    const line = `${what}: ${this.done} actions in ${this.seconds.toFixed(1)} s`;
    process.stdout.write(`${line}\n`);
    test.info().annotations.push({ type: "path", description: line });
    return line;
  }
}
