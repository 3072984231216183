import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/harness.ts";

/**
 * The built SPA in a temporary WEB_DIST, laid out as `vite build` leaves it:
 * every text file with its brotli and gzip copy beside it.
 */
const script = `export const greeting = "${"Фоника ".repeat(400)}";\n`;
const page = `<!doctype html><html lang="ru"><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>\n`;

function writeWithCopies(file: string, content: string): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that leaves the body as sent: fetch would decode it on its own. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

describe("the built web app is served precompressed", () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), "fonika-web-"));
    mkdirSync(path.join(webDist, "assets"));
    writeWithCopies(path.join(webDist, "index.html"), page);
    writeWithCopies(path.join(webDist, "assets", "app-3f9a1c.js"), script);
    server = await startTestServer({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("answers brotli to a client that accepts it, gzip to a gzip-only one, the file itself otherwise", async () => {
    const url = `${server.url}/assets/app-3f9a1c.js`;

    const brotli = await rawGet(url, { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString("utf8")).toBe(script);

    const gzip = await rawGet(url, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(script);

    const plain = await rawGet(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(script);

    const identity = await rawGet(url, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString("utf8")).toBe(script);

    for (const answer of [brotli, gzip, plain, identity]) {
      expect(answer.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    expect(brotli.body.length).toBeLessThan(Buffer.byteLength(script) / 10);
  });

  it("serves index.html compressed too, at / and at an app route, never cached", async () => {
    for (const pathName of ["/", "/client-base", "/index.html"]) {
      const answer = await rawGet(`${server.url}${pathName}`, { "accept-encoding": "br, gzip" });
      expect(answer.status, pathName).toBe(200);
      expect(answer.headers["content-encoding"], pathName).toBe("br");
      expect(answer.headers["content-type"], pathName).toMatch(/^text\/html/);
      expect(answer.headers["cache-control"], pathName).toBe("no-cache");
      expect(answer.headers.vary, pathName).toMatch(/accept-encoding/i);
      expect(Number(answer.headers["content-length"]), pathName).toBe(answer.body.length);
      expect(brotliDecompressSync(answer.body).toString("utf8"), pathName).toBe(page);
    }
    const gzip = await rawGet(`${server.url}/`, { "accept-encoding": "gzip" });
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(page);
    const plain = await rawGet(`${server.url}/`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(page);
  });
});
