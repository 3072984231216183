import { parseArgs } from "node:util";
import { type BoxPlayerEvent, describeEvent, startBoxPlayer } from "./box-player.ts";

/**
 * `npm run box-player -- --server URL [--serial S] [--state-file F] [--speed N]`:
 * a box player in the terminal, one line per event (issue 13).
 */
const usage =
  "usage: npm run box-player -- --server URL [--serial S] [--state-file F] [--speed N] [--public-url URL]";

const { values } = parseArgs({
  options: {
    server: { type: "string" },
    serial: { type: "string" },
    "state-file": { type: "string" },
    speed: { type: "string" },
    "public-url": { type: "string" },
    help: { type: "boolean" },
  },
});
if (values.help || !values.server) {
  process.stdout.write(`${usage}\n`);
  process.exit(values.help ? 0 : 2);
}
const speed = values.speed === undefined ? 1 : Number(values.speed);
if (!Number.isFinite(speed) || speed <= 0) {
  console.error(`--speed must be a positive number\n${usage}`);
  process.exit(2);
}

const box = startBoxPlayer({
  server: values.server,
  serial: values.serial,
  stateFile: values["state-file"],
  speed,
  publicUrl: values["public-url"] ?? process.env.PUBLIC_URL,
});
box.events.on("event", (event: BoxPlayerEvent) => {
  const line = describeEvent(event);
  if (line) process.stdout.write(`${new Date().toISOString()} ${line}\n`);
  if (event.kind === "denied") process.exitCode = 1;
});
box.signedIn.catch(() => {
  process.exitCode = 1;
  void box.stop();
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void box.stop());
}
