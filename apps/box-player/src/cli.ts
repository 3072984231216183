import { type BoxPlayerEvent, describeEvent, startBoxPlayer } from "./box-player.ts";
import { BOX_PLAYER_USAGE, readBoxPlayerArgs } from "./cli-args.ts";

/** `npm run box-player -- --server URL …`: a box player in the terminal, one line per event (issue 13). */
const args = readBoxPlayerArgs(process.argv.slice(2), process.env);
if (args.kind === "help") {
  process.stdout.write(`${BOX_PLAYER_USAGE}\n`);
  process.exit(0);
}
if (args.kind === "invalid") {
  console.error(`${args.reason}\n${BOX_PLAYER_USAGE}`);
  process.exit(2);
}

const box = startBoxPlayer(args.options);
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
