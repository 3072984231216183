import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    // Whole-app tests load lazy screens and type into forms like a person:
    // on a shared, busy machine a few take longer than the default 5 s.
    testTimeout: 15_000,
  },
});
