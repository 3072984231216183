import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tariffsApi } from "@fonika/shared";
import { within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { createMemoryRouter } from "react-router";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROUTE_LIST } from "../../config/routes.ts";
import type { AppServices } from "../../lib/app-services.ts";
import { createSession } from "../../lib/auth/session.ts";
import { createTokenStorage } from "../../lib/auth/token-storage.ts";
import { browserTimers } from "../../lib/timers.ts";
import { buildApiClient, MemoryStorage } from "../../test/factories.ts";
import { on, scriptedServer } from "../../test/scripted-server.ts";
import { buildOfferedTariff } from "../../test/tariffs-factories.ts";
import { AppRoot } from "../app-root.tsx";
import { createQueryClient } from "../providers.tsx";
import { buildRoutes } from "../router.tsx";
import { type BuildManifest, PUBLIC_PAGES, pageFileOf, screenAssets } from "./build.ts";
import { composePage, deferApp, SESSION_HIDE_SCRIPT, startScript } from "./page.ts";

const HERO = "Фоновая музыка для вашего заведения — легально и без хлопот";

const webRoot = path.resolve(import.meta.dirname, "../../..");
let bundleDir: string;
/** What render.tsx renders at each path, as the build renders it. */
const rendered = new Map<string, string>();

// The pages are rendered as the build renders them: render.tsx built for
// Node by Vite and run in a process of its own. (React's server renderer
// leaves its marks on the context objects it renders; in this process they
// would be the browser renderer's too.)
beforeAll(async () => {
  bundleDir = mkdtempSync(path.join(webRoot, "../../node_modules/.cache/fonika-prerender-test-"));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    logLevel: "silent",
    build: { ssr: "src/app/prerender/render.tsx", outDir: bundleDir, emptyOutDir: true },
  });
  const bundle = pathToFileURL(path.join(bundleDir, "render.js")).href;
  const paths = ["/", "/auth"];
  const output = execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { renderRoute } = await import(${JSON.stringify(bundle)});
       const pages = {};
       for (const path of ${JSON.stringify(paths)}) pages[path] = await renderRoute(path);
       process.stdout.write(JSON.stringify(pages));`,
    ],
    { encoding: "utf8" },
  );
  for (const [pathname, markup] of Object.entries(JSON.parse(output) as Record<string, string>)) {
    rendered.set(pathname, markup);
  }
}, 120_000);
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

function renderedAt(pathname: string): string {
  const markup = rendered.get(pathname);
  if (markup === undefined) throw new Error(`${pathname} was not rendered`);
  return markup;
}

/** The browser's side of a visitor (no stored session) over a scripted API. */
function visitorServices(): AppServices {
  const storage = createTokenStorage(new MemoryStorage(), new MemoryStorage());
  const { api } = buildApiClient(
    scriptedServer(
      on(tariffsApi.listOfferedTariffs, ({ reply }) =>
        reply({ data: [buildOfferedTariff({ name: "Сеть кофеен", price: 990, basePrice: 990 })] }),
      ),
    ),
  );
  const session = createSession({ api, storage, timers: browserTimers });
  const playerSocket = {
    connect: vi.fn(),
    close: vi.fn(),
    send: vi.fn(),
    subscribe: vi.fn(() => () => {}),
    onPing: vi.fn(() => () => {}),
    isAbandoned: () => false,
  };
  return { api, session, playerSocket };
}

describe("the public pages' list", () => {
  it("holds every open route a visitor reaches, the web player (a device's page) aside", () => {
    const open = ROUTE_LIST.filter(
      (route) => route.access.kind === "open" && route.name !== "WebPlayer",
    ).map((route) => route.path);
    expect(PUBLIC_PAGES.map((page) => page.route.path).sort()).toEqual([...open].sort());
    expect(PUBLIC_PAGES.map((page) => pageFileOf(page.route))).toContain("prerendered/index.html");
  });
});

describe("a public page rendered at build", () => {
  it("is the landing as a visitor sees it: hero, sections, the tariff cards' placeholders", async () => {
    const markup = renderedAt("/");
    expect(markup).toContain(`<h1 class="hero__title">${HERO}</h1>`);
    expect(markup).toContain("Что умеет Фоника");
    expect(markup).toContain('aria-label="Тарифы загружаются"');
    expect(markup).toContain("Отправить заявку");
    // The page's policy refuses style attributes; placeholders are sized by classes.
    expect(markup).not.toMatch(/\sstyle="/);
  });

  it("is the sign-in page at /auth, every button of it waiting for the app", async () => {
    const markup = renderedAt("/auth");
    expect(markup).toContain("Вход в Фонику");
    expect(markup).not.toContain(HERO);
    // A click before the app runs would do nothing (no handler yet): the buttons say so.
    const container = document.createElement("div");
    container.innerHTML = markup;
    const byCode = within(container).getByRole("button", {
      name: "Войти с помощью кода на другом устройстве",
    });
    expect(byCode).toHaveProperty("disabled", true);
  });

  it("is taken over by the app without a mismatch: the same nodes, then the tariffs", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderedAt("/");
    document.body.append(container);
    const heading = container.querySelector("h1");
    const leadForm = within(container).getByRole("form", { name: "Заявка на подключение" });
    const send = within(leadForm).getByRole("button", { name: "Отправить заявку" });
    const name = within(leadForm).getByLabelText("Имя");
    // Before the app runs, nothing typed or sent is lost: fields read-only, the submit disabled.
    expect(send).toHaveProperty("disabled", true);
    expect(name).toHaveProperty("readOnly", true);
    const mismatches: unknown[] = [];
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ["/"] });
    const root = hydrateRoot(
      container,
      <AppRoot services={visitorServices()} queryClient={createQueryClient()} router={router} />,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
    try {
      // The placeholders gave way to the tariffs once the screen hydrated and asked for them.
      await within(container).findByRole("heading", { level: 3, name: "Сеть кофеен" });
      expect(container.querySelector('[aria-label="Тарифы загружаются"]')).toBeNull();
      expect(container.querySelector("h1")).toBe(heading);
      expect(within(container).getByRole("button", { name: "Отправить заявку" })).toBe(send);
      expect(send).toHaveProperty("disabled", false);
      expect(name).toHaveProperty("readOnly", false);
      expect(mismatches).toEqual([]);
    } finally {
      root.unmount();
      container.remove();
    }
  });
});

describe("a page as the server sends it", () => {
  const shell =
    '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title>Фоника</title>' +
    '<script type="module" crossorigin src="/assets/index-a1.js"></script>' +
    '<link rel="stylesheet" crossorigin href="/assets/index-b2.css"></head>' +
    '<body><div id="root"></div></body></html>';

  it("puts the markup in #root, names the tab, hides itself from a session first, links the screen's chunks", () => {
    const html = composePage({
      shell,
      markup: "<main><h1>Привет</h1></main>",
      title: "Вход — Фоника",
      modulePreloads: ["/assets/sign-in-c3.js"],
      stylesheets: ["/assets/sign-in-d4.css"],
    });
    expect(html).toContain('<div id="root"><main><h1>Привет</h1></main></div>');
    expect(html).toContain("<title>Вход — Фоника</title>");
    expect(html).not.toContain("<title>Фоника</title>");
    // Before the entry script and any stylesheet: nothing is painted before it runs.
    expect(html.indexOf(SESSION_HIDE_SCRIPT)).toBeLessThan(html.indexOf("index-a1.js"));
    expect(SESSION_HIDE_SCRIPT).toContain("fonika.tokens");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/sign-in-c3.js">');
    // The screen's stylesheet after the entry's, as the app would add it.
    expect(head.indexOf("sign-in-d4.css")).toBeGreaterThan(head.indexOf("index-b2.css"));
  });

  it("once its critical CSS is inline, fetches nothing more before it is painted: the start script links and imports the rest", () => {
    // As beasties leaves a page (its `media-script` strategy).
    const inlined =
      '<!doctype html><html lang="ru"><head><title>Вход — Фоника</title>\n' +
      `    <script>${SESSION_HIDE_SCRIPT}</script>\n` +
      '    <script type="module" crossorigin src="/assets/index-a1.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/shared-e5.js">\n' +
      '    <style>.auth-card{padding:32px}</style><link rel="stylesheet" crossorigin href="/assets/index-b2.css" media="print" data-beasties-media="all"><noscript><link rel="stylesheet" crossorigin href="/assets/index-b2.css"></noscript>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/sign-in-c3.js">\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/sign-in-d4.css" media="print" data-beasties-media="all"><noscript><link rel="stylesheet" crossorigin href="/assets/sign-in-d4.css"></noscript>\n' +
      '  </head><body><div id="root"><main></main></div>\n' +
      "  <script>document.querySelectorAll('link[data-beasties-media]').forEach(function(l){l.media=l.getAttribute('data-beasties-media');l.removeAttribute('data-beasties-media')})</script></body></html>";
    const html = deferApp(inlined);
    const start = startScript({
      entry: "/assets/index-a1.js",
      modulePreloads: ["/assets/shared-e5.js", "/assets/sign-in-c3.js"],
      stylesheets: ["/assets/index-b2.css", "/assets/sign-in-d4.css"],
    });
    expect(html).toContain(
      `<script>${SESSION_HIDE_SCRIPT}</script>\n    <script>${start}</script>`,
    );
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toContain("data-beasties-media");
    // Without JavaScript, the stylesheets still come.
    expect(html).toContain(
      '<noscript><link rel="stylesheet" crossorigin href="/assets/sign-in-d4.css"></noscript>',
    );
    expect(html).toContain("<style>.auth-card{padding:32px}</style>");
    // After a frame and a task, the stylesheets in their order, the chunks, then the entry.
    expect(start).toMatch(/^requestAnimationFrame\(function\(\)\{setTimeout\(function\(\)\{/);
    expect(start.indexOf("index-b2.css")).toBeLessThan(start.indexOf("sign-in-d4.css"));
    expect(start.indexOf("sign-in-d4.css")).toBeLessThan(start.indexOf("shared-e5.js"));
    expect(start).toContain('import("/assets/index-a1.js")');
  });

  it("refuses to send a page that would still fetch something before its paint", () => {
    expect(() =>
      deferApp(
        `<head><script>${SESSION_HIDE_SCRIPT}</script><script type="module" crossorigin src="/assets/index-a1.js"></script>` +
          '<link rel="stylesheet" href="/assets/index-b2.css"></head>',
      ),
    ).toThrow(/before its first paint/);
  });

  it("refuses markup with a style attribute, which the page's policy would refuse", () => {
    expect(() =>
      composePage({
        shell,
        markup: '<span class="skeleton" style="width:40px"></span>',
        title: "Фоника",
        modulePreloads: [],
        stylesheets: [],
      }),
    ).toThrow(/style attribute/);
  });

  it("links what the screen needs beyond the entry: its chunks and their stylesheets", () => {
    const manifest: BuildManifest = {
      "index.html": {
        file: "assets/index-a1.js",
        imports: ["_shared.js"],
        css: ["assets/index-b2.css"],
      },
      "_shared.js": { file: "assets/shared-e5.js" },
      "_icon.js": { file: "assets/icon-f6.js", css: ["assets/icon-g7.css"] },
      "src/app/routes/landing/home.tsx": {
        file: "assets/home-h8.js",
        imports: ["index.html", "_shared.js", "_icon.js"],
        css: ["assets/home-i9.css"],
      },
    };
    expect(screenAssets(manifest, "src/app/routes/landing/home.tsx")).toEqual({
      modulePreloads: ["/assets/home-h8.js", "/assets/icon-f6.js"],
      stylesheets: ["/assets/icon-g7.css", "/assets/home-i9.css"],
    });
  });
});
