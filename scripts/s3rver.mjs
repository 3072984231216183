#!/usr/bin/env node
/**
 * An S3-protocol server on loopback for CI's second pass (s3rver, files in
 * a temporary folder): `node scripts/s3rver.mjs PORT DIR`. It makes the
 * bucket `fonika-test` and runs until killed. The API tests then store the
 * library's files in it (TEST_S3_ENDPOINT, see apps/server/src/test/harness.ts).
 */
import { createRequire } from "node:module";

const require = createRequire(new URL("../apps/server/package.json", import.meta.url));
const S3rver = require("s3rver");
const [port = "54569", directory] = process.argv.slice(2);
if (!directory) {
  console.error("usage: node scripts/s3rver.mjs PORT DIR");
  process.exit(2);
}
const server = new S3rver({
  address: "127.0.0.1",
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: "fonika-test" }],
});
await server.run();
console.log(`s3rver listening on http://127.0.0.1:${port}`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close().finally(() => process.exit(0)));
}
