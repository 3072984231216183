import { z } from "zod";

/**
 * The one zod of the shared contracts. zod probes `new Function` when its
 * first object schema is built, to compile faster parsers; a browser under
 * the app's Content-Security-Policy (no 'unsafe-eval') refuses the probe and
 * reports a violation on every page load. In a browser zod is therefore
 * told not to try (`jitless`) before any schema exists — which holds because
 * every contract imports zod from here. The server has no CSP and keeps the
 * compiled parsers.
 */
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
