import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Whether the built web app is there to serve. */
    webAvailable: boolean;
  }
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never,
 * and every other GET outside /api falls back to index.html (the app's
 * router takes it from there; see app.ts's not-found handler).
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside each text
 * file; `preCompressed` sends the one the client accepts (brotli first),
 * with the original's Content-Type, the copy's Content-Length and
 * `Vary: accept-encoding`, and the original when none fits. Nothing is
 * compressed per request. The copies get no routes of their own.
 */
export default fp(
  async function webPlugin(app: FastifyInstance) {
    const root = app.config.webDist;
    const available = existsSync(path.join(root, "index.html"));
    app.decorate("webAvailable", available);
    if (!available) {
      app.log.warn({ root }, "web app is not built: serving the API only (run npm run build)");
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ["**/*.br", "**/*.gz"],
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  },
  { name: "web" },
);
