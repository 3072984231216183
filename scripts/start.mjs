// `npm start`: builds what changed (build-if-changed.mjs), then serves in
// this same process, so that a start costs one Node process, not two (with
// the check's quick path, ready in 1.68 s instead of 1.98–2.03, issue 30).
// npm runs it with --max-semi-space-size=4 (the server's young generation,
// docs/decisions.md "Idle process").
import { buildIfChanged } from "./build-if-changed.mjs";

try {
  buildIfChanged();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
await import("../apps/server/dist/server.mjs");
