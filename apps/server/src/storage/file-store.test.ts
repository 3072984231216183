import { createHash, randomUUID } from "node:crypto";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Config } from "../config.ts";
import { type FileStore, LocalFileStore } from "./file-store.ts";
import { S3FileStore } from "./s3-file-store.ts";

/**
 * withLocalFile on both stores: the local store hands over its own file,
 * the S3 store a temporary copy that is gone afterwards whatever happened.
 * The S3 part runs against an S3-protocol server when TEST_S3_ENDPOINT is
 * set (CI's second pass starts scripts/s3rver.mjs).
 */

/** Bytes that look random but are the same in every run; larger than one network read. */
function content(length: number, seed: string): Buffer {
  const blocks: Buffer[] = [];
  for (let index = 0; blocks.length * 32 < length; index++) {
    blocks.push(createHash("sha256").update(`${seed}:${index}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, length);
}

const DATA = content(300_000, "file-store");

/** Reads the file at `file` as a seeking reader would: its last 1000 bytes, then the whole. */
async function readSeeking(file: string): Promise<{ tail: Buffer; whole: Buffer }> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const tail = Buffer.alloc(1000);
    await handle.read(tail, 0, tail.length, size - tail.length);
    return { tail, whole: await handle.readFile() };
  } finally {
    await handle.close();
  }
}

/** What every store promises; `tempDir` is the folder a copying store may use. */
function describeTheContract(store: () => FileStore, tempDir: () => string) {
  const leftovers = () => {
    mkdirSync(tempDir(), { recursive: true });
    return readdirSync(tempDir(), { recursive: true });
  };

  it("runs work on a seekable local file holding the stored bytes, and answers its result", async () => {
    const key = `audio/ab/${randomUUID()}`;
    await store().putBuffer(key, DATA, "audio/mpeg");
    const answer = await store().withLocalFile(key, async (file) => {
      expect(path.isAbsolute(file)).toBe(true);
      const read = await readSeeking(file);
      expect(read.tail.equals(DATA.subarray(-1000))).toBe(true);
      expect(read.whole.equals(DATA)).toBe(true);
      return "done";
    });
    expect(answer).toBe("done");
    expect(leftovers()).toEqual([]);
  });

  it("answers undefined for a missing file without running work", async () => {
    let ran = false;
    const answer = await store().withLocalFile(`audio/cd/${randomUUID()}`, async () => {
      ran = true;
    });
    expect(answer).toBe(undefined);
    expect(ran).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it("passes work's failure on and keeps the stored file", async () => {
    const key = `audio/ef/${randomUUID()}`;
    await store().putBuffer(key, DATA, "audio/mpeg");
    await expect(
      store().withLocalFile(key, async () => {
        throw new Error("the tool failed");
      }),
    ).rejects.toThrow("the tool failed");
    expect(leftovers()).toEqual([]);
    expect(await store().exists(key)).toBe(true);
  });

  it("does not run work once its signal is aborted", async () => {
    const key = `audio/0a/${randomUUID()}`;
    await store().putBuffer(key, DATA, "audio/mpeg");
    const stop = new AbortController();
    stop.abort(new Error("shutting down"));
    let ran = false;
    await expect(
      store().withLocalFile(
        key,
        async () => {
          ran = true;
        },
        { signal: stop.signal },
      ),
    ).rejects.toThrow("shutting down");
    expect(ran).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it("refuses a key that leaves the store", async () => {
    await expect(store().withLocalFile("../outside", async () => "read")).rejects.toThrow(
      /Unsafe storage key/,
    );
  });
}

describe("LocalFileStore.withLocalFile", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "fonika-file-store-"));
  const root = path.join(folder, "files");
  const tempDir = path.join(folder, "tmp");
  const store = new LocalFileStore(root, tempDir);

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  describeTheContract(
    () => store,
    () => tempDir,
  );

  it("hands over its own file, not a copy", async () => {
    const key = `covers/12/${randomUUID()}`;
    await store.putBuffer(key, DATA);
    const seen = await store.withLocalFile(key, async (file) => file);
    expect(seen).toBe(path.join(root, key));
    expect(readFileSync(path.join(root, key)).equals(DATA)).toBe(true);
  });

  it("keeps a copied-in file its own, whatever the mode of the operator's source", async () => {
    const source = path.join(folder, "operator-song.mp3");
    writeFileSync(source, DATA);
    chmodSync(source, 0o644);
    const key = `songs/ab/${randomUUID()}`;
    await store.copyIn(key, source);
    expect(statSync(path.join(root, key)).mode & 0o777).toBe(0o600);
    expect(statSync(source).mode & 0o777).toBe(0o644);
  });
});

const endpoint = process.env.TEST_S3_ENDPOINT;

describe.skipIf(!endpoint)("S3FileStore.withLocalFile", () => {
  const tempRoot = mkdtempSync(path.join(tmpdir(), "fonika-s3-file-store-"));
  const tempDir = path.join(tempRoot, "tmp");
  const config: S3Config = {
    bucket: "fonika-test",
    endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
    prefix: `test-${randomUUID()}/`,
  };
  let store: S3FileStore;

  beforeAll(() => {
    store = new S3FileStore(config, tempDir);
  });

  afterAll(async () => {
    for (const key of await store.list("")) await store.remove(key);
    await store.close();
    rmSync(tempRoot, { recursive: true, force: true });
  });

  describeTheContract(
    () => store,
    () => tempDir,
  );

  it("copies the object to a temporary file under its folder and removes it afterwards", async () => {
    const key = `audio/34/${randomUUID()}`;
    await store.putBuffer(key, DATA, "audio/mpeg");
    const seen = await store.withLocalFile(key, async (file) => {
      expect(path.dirname(file)).toBe(tempDir);
      expect(readFileSync(file).equals(DATA)).toBe(true);
      return file;
    });
    expect(readdirSync(tempDir)).toEqual([]);
    expect(seen).toBeDefined();
  });

  it("rejects when the bucket refuses the read, and leaves nothing behind", async () => {
    const key = `audio/56/${randomUUID()}`;
    await store.putBuffer(key, DATA, "audio/mpeg");
    const refused = new S3FileStore(
      { ...config, credentials: { accessKeyId: "nobody", secretAccessKey: "S3RVER" } },
      tempDir,
    );
    let ran = false;
    try {
      await expect(
        refused.withLocalFile(key, async () => {
          ran = true;
        }),
      ).rejects.toMatchObject({ name: "InvalidAccessKeyId" });
    } finally {
      await refused.close();
    }
    expect(ran).toBe(false);
    expect(readdirSync(tempDir)).toEqual([]);
  });
});
