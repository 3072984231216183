/**
 * Sends one at a time, gathering what comes meanwhile (issue 30): a payload
 * goes at once when none is on its way; else it waits for the one that is,
 * then goes with every payload that came meanwhile in one `sendMany`, in
 * the order they came. The bus publishes to Redis through it: a command
 * alone leaves at once (ioredis's auto-pipelining held every publish to the
 * end of the event loop's turn, behind all that turn's I/O), and a burst of
 * 1 000 owners' commands (2 000 events) still goes in a few writes, not
 * 2 000 system calls. `sendMany` answers each payload's error or null, in
 * order; its own failure fails all of its payloads.
 */
export class GatheredSends {
  private readonly waiting: Array<{ payload: string; settle(error: unknown): void }> = [];
  private sending = false;

  constructor(private readonly sendMany: (payloads: string[]) => Promise<unknown[]>) {}

  send(payload: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ payload, settle: (error) => (error ? reject(error) : resolve()) });
      if (!this.sending) void this.sendWaiting();
    });
  }

  private async sendWaiting(): Promise<void> {
    this.sending = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        const errors = await this.sendMany(batch.map((item) => item.payload));
        for (const [index, item] of batch.entries()) item.settle(errors[index] ?? null);
      } catch (error) {
        for (const item of batch) item.settle(error ?? new Error("send failed"));
      }
    }
    this.sending = false;
  }
}
