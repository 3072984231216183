import {
  type ClientSocketMessage,
  clientSocketMessageSchema,
  isPlayReport,
  PlayReportOutbox,
} from "@fonika/shared";
import { z } from "zod";
import { JsonFile, readJson } from "./box-data.ts";

/**
 * The box's play reports on their way to the history (issue 31): the
 * shared outbox's rules (kept until a pong confirms them, resent after a
 * reconnect), kept on disk so that a box rebooted in an outage sends them
 * too.
 */

const keptSchema = z.array(clientSocketMessageSchema);

/** A day of three-minute songs is far below it; beyond it the oldest go. */
const MAX_KEPT = 20_000;

export class ReportOutbox extends PlayReportOutbox {
  private readonly file: JsonFile | null;

  constructor(
    file: string | null,
    /** Writes to the socket; false when it is not open. */
    deliver: (message: ClientSocketMessage) => boolean,
    onError: (error: unknown) => void,
  ) {
    super(deliver, (kept) => this.file?.save(kept), MAX_KEPT);
    this.file = file ? new JsonFile(file, onError) : null;
  }

  /** Takes what an earlier run left waiting. */
  async load(): Promise<void> {
    if (!this.file) return;
    const kept = await readJson(this.file.path, keptSchema);
    this.restore((kept ?? []).filter(isPlayReport));
  }

  /** Resolves once what waits is on disk. */
  async flushed(): Promise<void> {
    await this.file?.flushed();
  }
}
