import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../config.ts";
import { assertSafeKey, type ByteRange, type FileStore } from "./file-store.ts";

/**
 * The file store in an S3-compatible bucket (AWS SDK v3). Several server
 * processes on several machines share it. A put is one PutObject, so a
 * reader sees the whole object or none; a range read passes the Range on.
 * Tools that need a local file get a temporary copy (withLocalFile).
 */
export class S3FileStore implements FileStore {
  readonly kind = "s3" as const;
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    /**
     * Where withLocalFile copies objects to (DATA_DIR/tmp/…, this process's
     * own disk); its left-overs after a crash are swept with the uploads'.
     */
    private readonly tempDir: string,
  ) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums on every put and get cost a pass over the data and are
      // not understood by every S3-compatible server; TLS guards transit.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private keyOf(key: string): string {
    assertSafeKey(key);
    return `${this.config.prefix}${key}`;
  }

  async putFile(key: string, localPath: string, contentType: string): Promise<void> {
    await this.copyIn(key, localPath, contentType);
    await unlink(localPath);
  }

  async copyIn(key: string, localPath: string, contentType: string): Promise<void> {
    const { size } = await stat(localPath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.keyOf(key),
        Body: createReadStream(localPath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async putBuffer(key: string, data: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.keyOf(key),
        Body: data,
        ContentType: contentType,
      }),
    );
  }

  async open(key: string, range?: ByteRange): Promise<Readable | undefined> {
    return this.get(key, range);
  }

  private async get(
    key: string,
    range?: ByteRange,
    signal?: AbortSignal,
  ): Promise<Readable | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.keyOf(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
        { abortSignal: signal },
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async withLocalFile<T>(
    key: string,
    work: (path: string) => Promise<T>,
    options: { signal?: AbortSignal } = {},
  ): Promise<T | undefined> {
    const { signal } = options;
    signal?.throwIfAborted();
    await mkdir(this.tempDir, { recursive: true });
    const source = await this.get(key, undefined, signal);
    if (!source) return undefined;
    const temporary = path.join(this.tempDir, `download-${randomUUID()}`);
    try {
      // pipeline destroys the body on any failure, so its socket is freed.
      await pipeline(source, createWriteStream(temporary, { flags: "wx" }), { signal });
      signal?.throwIfAborted();
      return await work(temporary);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
      );
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
    );
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: `${this.config.prefix}${prefix}`,
          ContinuationToken: continuationToken,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) keys.push(item.Key.slice(this.config.prefix.length));
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return keys.sort();
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" ||
      error.name === "NotFound" ||
      error.$metadata.httpStatusCode === 404)
  );
}
