import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
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
  // What a tab remembers (where sign-in returns to) is each test's own.
  window.sessionStorage.clear();
  throwScriptFailures();
});
