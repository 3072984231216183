import { createHash } from "node:crypto";
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

describe("the public pages the build prerendered", () => {
  let server: TestServer;
  let webDist: string;
  const hideScript = 'document.documentElement.style.visibility="hidden"';
  const criticalCss = ".hero__title{font-size:40px}";
  const switchScript = "document.querySelectorAll('link[data-beasties-media]')";
  const landing =
    '<!doctype html><html lang="ru"><head><title>Фоника — музыка для бизнеса</title>' +
    `<script>${hideScript}</script><script type="module" src="/assets/app-3f9a1c.js"></script>` +
    `<style>${criticalCss}</style></head><body><div id="root"><div class="landing">` +
    '<h1 class="hero__title">Фоновая музыка для вашего заведения — легально и без хлопот</h1>' +
    `</div></div><script>${switchScript}</script></body></html>\n`;
  const signIn = landing.replace("Фоновая музыка для вашего заведения", "Вход в Фонику");
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), "fonika-web-"));
    mkdirSync(path.join(webDist, "assets"));
    mkdirSync(path.join(webDist, "prerendered"));
    writeWithCopies(path.join(webDist, "index.html"), page);
    writeWithCopies(path.join(webDist, "assets", "app-3f9a1c.js"), script);
    writeWithCopies(path.join(webDist, "prerendered", "index.html"), landing);
    writeWithCopies(path.join(webDist, "prerendered", "auth.html"), signIn);
    writeFileSync(
      path.join(webDist, "prerendered", "pages.json"),
      JSON.stringify({ "/": "prerendered/index.html", "/auth": "prerendered/auth.html" }),
    );
    server = await startTestServer({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("serves / as its HTML, the landing's markup inside #root, compressed and never cached", async () => {
    const answer = await rawGet(`${server.url}/`, { "accept-encoding": "br, gzip" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    const body = brotliDecompressSync(answer.body).toString("utf8");
    expect(body).toBe(landing);
    expect(body).toMatch(
      /<div id="root"><div class="landing"><h1 class="hero__title">Фоновая музыка для вашего заведения — легально и без хлопот<\/h1>/,
    );
    const plain = await rawGet(`${server.url}/`);
    expect(plain.body.toString("utf8")).toBe(landing);
  });

  it("allows that page's own inline script and style by their hashes, and nothing more", async () => {
    const answer = await rawGet(`${server.url}/`);
    const policy = String(answer.headers["content-security-policy"]);
    const directive = (name: string) =>
      policy
        .split(";")
        .map((part) => part.trim().split(/\s+/))
        .find(([directiveName]) => directiveName === name)
        ?.slice(1);
    expect(directive("script-src")).toEqual(["'self'", hash(hideScript), hash(switchScript)]);
    expect(directive("style-src")).toEqual(["'self'", hash(criticalCss)]);
    expect(directive("script-src-attr")).toEqual(["'none'"]);
    expect(directive("default-src")).toEqual(["'self'"]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    // One policy, not the shared one beside the page's.
    expect(answer.headers["content-security-policy"]).not.toContain(",");
  });

  it("serves each prerendered path its own page, and every other app route the shell", async () => {
    for (const pathName of ["/auth", "/auth/", "/auth?next=1"]) {
      const answer = await rawGet(`${server.url}${pathName}`);
      expect(answer.status, pathName).toBe(200);
      expect(answer.body.toString("utf8"), pathName).toBe(signIn);
    }
    for (const pathName of ["/client-base", "/players/1", "/prerendered/index.html"]) {
      const answer = await rawGet(`${server.url}${pathName}`);
      expect(answer.status, pathName).toBe(200);
      expect(answer.body.toString("utf8"), pathName).toBe(page);
      expect(answer.body.toString("utf8"), pathName).toContain('<div id="root"></div>');
      const policy = String(answer.headers["content-security-policy"]);
      expect(policy, pathName).toContain("script-src 'self';");
      expect(policy, pathName).toContain("style-src 'self';");
    }
  });
});
