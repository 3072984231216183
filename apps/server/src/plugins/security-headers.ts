import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * The Content-Security-Policy of every answer. Tokens stay in web storage
 * (remember-me), so this policy is what keeps an injected script from
 * reading a session: scripts come only from our origin, never inline or
 * from eval. (A prerendered public page adds the hashes of its own inline
 * script and style, and only those: web.ts.) docs/decisions.md ("Browser
 * delivery") says why each source is allowed.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // No inline event handlers (onclick="…") either.
  "script-src-attr": ["'none'"],
  // The web app ships its CSS as files (react-toastify's too, see vite.config.ts);
  // React sets `style` props through the CSSOM, which style-src does not govern.
  "style-src": ["'self'"],
  // 'self' covers the same-origin player socket (ws: and wss:) in CSP 3 browsers.
  "connect-src": ["'self'"],
  // data: for small inline images and fonts; blob: for previews of a chosen file.
  "img-src": ["'self'", "data:", "blob:"],
  "media-src": ["'self'", "blob:"],
  "font-src": ["'self'", "data:"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/**
 * Security headers on every answer of the process — the SPA's index.html,
 * its assets, API JSON and error bodies alike — set by helmet in an
 * onRequest hook. Helmet's own CSP defaults are not used: they allow inline
 * styles and add `upgrade-insecure-requests`, which breaks a plain-http
 * deployment (every same-origin request would be rewritten to https).
 *
 * helmet's middleware is built once here: @fastify/helmet built it again on
 * every request (parsing the policy each time), a twentieth of the CPU of a
 * streamed audio range (npm run bench).
 */
export default fp(
  async function securityHeadersPlugin(app: FastifyInstance) {
    const applyHeaders = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      // Nothing of ours needs the previous page's address; audio and socket
      // URLs carry tokens in their query and must not leak onwards.
      referrerPolicy: { policy: "no-referrer" },
      // Browsers ignore HSTS received over plain http (RFC 6797 §8.1), so it is
      // harmless there and protects an https deployment. Without
      // includeSubDomains: the product does not own its host's subdomains.
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
      // The same as frame-ancestors 'none', for browsers without CSP 2.
      xFrameOptions: { action: "deny" },
    });
    app.addHook("onRequest", (request, reply, done) => {
      // helmet 8 throws rather than hand an error to its callback.
      applyHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: "security-headers" },
);
