import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createEstablishment,
  createSignedInUser,
  type SignedInUser,
} from "@fonika/server/test/factories";
import { call, startTestServer, type TestServer } from "@fonika/server/test/harness";
import { uploadFile } from "@fonika/server/test/library";
import { addPlayer } from "@fonika/server/test/venues";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoxPlayerEvent, startBoxPlayer } from "./box-player.ts";
import { FirmwareUpdates, type UpdateEvent } from "./updates.ts";

/**
 * The box player's firmware updates (issue 13) against the real server: it
 * says its version, hears of a newer one at connect and when one is
 * uploaded, downloads it with Range (continuing a cut download) and checks it.
 */

let server: TestServer;
let admin: SignedInUser;
let workDir: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server, { role: "role-admin" });
  workDir = await mkdtemp(join(tmpdir(), "box-updates-"));
});

afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

function firmware(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 13 + seed) % 256;
  return bytes;
}

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

async function uploadUpdate(fileName: string, data: Buffer) {
  const uploaded = await uploadFile(server, "/music/player/update", data, {
    token: admin.token,
    filename: fileName,
  });
  expect(uploaded.status).toBe(201);
  return uploaded.body as { updateId: string; version: string; sha256: string; size: number };
}

/** Waits for the first event of `kind` (from those seen or still to come). */
function eventOf<K extends BoxPlayerEvent["kind"]>(
  seen: BoxPlayerEvent[],
  events: NodeJS.EventEmitter,
  kind: K,
  matches: (event: Extract<BoxPlayerEvent, { kind: K }>) => boolean = () => true,
): Promise<Extract<BoxPlayerEvent, { kind: K }>> {
  const test = (event: BoxPlayerEvent): event is Extract<BoxPlayerEvent, { kind: K }> =>
    event.kind === kind && matches(event as Extract<BoxPlayerEvent, { kind: K }>);
  const found = seen.find(test);
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${kind} event`)), 8_000);
    const listener = (event: BoxPlayerEvent) => {
      if (!test(event)) return;
      clearTimeout(timer);
      events.off("event", listener);
      resolve(event);
    };
    events.on("event", listener);
  });
}

describe("the box player's firmware updates", () => {
  it("downloads a newer update at connect (continuing a cut download) and one uploaded later", async () => {
    const first = firmware(50_000, 1);
    const made = await uploadUpdate("fonika-box-2.0.0.bin", first);
    const updatesDir = join(workDir, "box");
    // A download cut short in an earlier run: the box goes on from byte 10 000.
    await mkdir(updatesDir, { recursive: true });
    await writeFile(
      join(updatesDir, `firmware-2.0.0.bin.${made.sha256.slice(0, 16)}.part`),
      first.subarray(0, 10_000),
    );

    const owner = await createSignedInUser(server, { role: "role-client" });
    const establishmentId = await createEstablishment(server, owner.id);
    // The owner added the box as a player of the venue (a box plays the player of its serial).
    await addPlayer(server, owner, {
      type: "boxPlayer",
      serialBoxNumber: "BOX-FW-1",
      establishmentId,
    });
    const box = startBoxPlayer({
      server: server.url,
      serial: "BOX-FW-1",
      version: "1.0.0",
      updatesDir,
      chunkBytes: 8_192,
      timings: { poll: 100, reconnect: 200 },
    });
    const seen: BoxPlayerEvent[] = [];
    box.events.on("event", (event: BoxPlayerEvent) => seen.push(event));
    try {
      const code = await eventOf(seen, box.events, "code");
      const approved = await call(server, "POST", "/auth/code/approve-code", {
        token: owner.token,
        body: { code: code.code, establishmentId },
      });
      expect(approved.status).toBe(200);

      expect(await eventOf(seen, box.events, "updateAvailable")).toEqual({
        kind: "updateAvailable",
        name: "fonika-box-2.0.0",
        version: "2.0.0",
        size: 50_000,
      });
      const downloaded = await eventOf(seen, box.events, "updateDownloaded");
      expect(downloaded).toEqual({
        kind: "updateDownloaded",
        version: "2.0.0",
        path: join(updatesDir, "firmware-2.0.0.bin"),
        bytes: 50_000,
        requests: Math.ceil(40_000 / 8_192),
        resumedFrom: 10_000,
      });
      expect(await readFile(downloaded.path)).toEqual(first);

      // Uploaded while the box is connected: it hears of it at once.
      const second = firmware(20_000, 2);
      await uploadUpdate("fonika-box-2.1.0.bin", second);
      const next = await eventOf(
        seen,
        box.events,
        "updateDownloaded",
        (event) => event.version === "2.1.0",
      );
      expect(next).toMatchObject({ bytes: 20_000, requests: 3, resumedFrom: 0 });
      expect(sha256(await readFile(next.path))).toBe(sha256(second));
      expect((await readdir(updatesDir)).sort()).toEqual([
        "firmware-2.0.0.bin",
        "firmware-2.1.0.bin",
      ]);
      expect(seen.filter((event) => event.kind === "updateFailed")).toEqual([]);
    } finally {
      await box.stop();
    }
  });

  it("ignores what is not newer, and throws away a file that does not match", async () => {
    const data = firmware(9_000, 3);
    const made = await uploadUpdate("check-7.0.0.bin", data);
    const events: UpdateEvent[] = [];
    const dir = join(workDir, "check");
    const updates = (version: string) =>
      new FirmwareUpdates({
        base: server.url,
        version,
        dir,
        chunkBytes: 4_096,
        userAgent: "test",
        token: () => admin.token,
        emit: (event) => events.push(event),
      });
    const notice = {
      type: "playerUpdateAvailable" as const,
      updateId: made.updateId,
      name: "check",
      version: "7.0.0",
      size: 9_000,
      sha256: made.sha256,
      url: `/api/v1/music/player/update/${made.updateId}/file`,
    };

    await updates("7.0.0").offer(notice);
    await updates("7.1.0").offer(notice);
    expect(events).toEqual([]);

    await updates("6.0.0").offer({ ...notice, sha256: "0".repeat(64) });
    expect(events.at(-1)).toEqual({
      kind: "updateFailed",
      version: "7.0.0",
      reason: `the downloaded file does not match (size 9000, sha256 ${made.sha256})`,
    });
    expect(await readdir(dir)).toEqual([]);

    const unknown = "00000000-0000-4000-8000-000000000000";
    await updates("6.0.0").offer({
      ...notice,
      updateId: unknown,
      url: `/api/v1/music/player/update/${unknown}/file`,
    });
    expect(events.at(-1)).toEqual({
      kind: "updateFailed",
      version: "7.0.0",
      reason: "the update's file answered 404",
    });
  });
});
