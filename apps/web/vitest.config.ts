import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // The files of a worker share one window and one module graph: a fresh
    // jsdom and React per file cost ~1.6 s each (146 s of 2 cores for 89
    // files; 53 s shared). What a test leaves in the window (storage) is
    // cleared after each test (src/test/setup.ts); the app keeps no state
    // of its own in modules.
    isolate: false,
    css: false,
    // Whole-app tests load lazy screens and type into forms like a person:
    // on a shared, busy machine a few take longer than the default 5 s.
    testTimeout: 15_000,
  },
});
