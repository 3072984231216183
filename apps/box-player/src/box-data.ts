import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { z } from "zod";

/**
 * The box's files beside its session (issue 31): the plan, the plays that
 * wait for the network and the music kept for an outage live in one
 * folder, so that a box rebooted without the network plays on. Each JSON
 * file is written aside and renamed, so a power cut never leaves half of
 * one; a file that is missing or unreadable reads as nothing.
 */

/** Reads a JSON file through `schema`; null when it is missing, unreadable or not of that shape. */
export async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T | null> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(file, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Writes `value` as JSON, aside first and renamed over the file. */
export async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const aside = `${file}.tmp`;
  await writeFile(aside, JSON.stringify(value));
  await rename(aside, file);
}

/**
 * Writes of one file one after another, the last value winning: a burst
 * of changes (a play's start and end in one turn) becomes at most two
 * writes, and two writes never race over the same `.tmp`.
 */
export class JsonFile {
  private pending: unknown;
  private hasPending = false;
  private writing: Promise<void> | null = null;

  constructor(
    readonly path: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  save(value: unknown): void {
    this.pending = value;
    this.hasPending = true;
    this.writing ??= this.drain();
  }

  /** Resolves once every value saved so far is on disk. */
  async flushed(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.hasPending) {
        const value = this.pending;
        this.hasPending = false;
        try {
          await writeJson(this.path, value);
        } catch (error) {
          this.onError(error);
        }
      }
    } finally {
      this.writing = null;
    }
  }
}
