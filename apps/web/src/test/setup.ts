import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";
import { throwScriptFailures } from "./scripted-server.ts";

// Screens load lazily, as in the browser: the first render of a route in a
// test file waits for its chunk to be transformed, which on a busy machine
// takes longer than the default second.
configure({ asyncUtilTimeout: 4_000 });

// jsdom lays nothing out and only complains when a page is scrolled (every
// new page scrolls to its top): scrolling is a no-op that tests may spy on.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  // What a tab remembers (where sign-in returns to, a remembered session) is
  // each test's own: the files of a worker share one window (isolate: false).
  window.sessionStorage.clear();
  window.localStorage.clear();
  throwScriptFailures();
});

// The files of a worker share their modules (isolate: false). A screen's
// chunk still loading when a file ends (a test that navigated and ended)
// would be cut by the file's teardown and stay broken for the next files:
// each file ends once every lazily loaded chunk (the screens, the signed-in
// layout, the library's frame) is loaded (at once after the first file).
const screens = import.meta.glob([
  "../app/routes/**/*.tsx",
  "../app/app-shell.tsx",
  "../app/library-frame.tsx",
  "!**/*.test.tsx",
]);
afterAll(async () => {
  await Promise.all(Object.values(screens).map((load) => load()));
});
