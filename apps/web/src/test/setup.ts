import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { throwScriptFailures } from "./scripted-server.ts";

afterEach(() => {
  cleanup();
  throwScriptFailures();
});
