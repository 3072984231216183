import { describe, expect, it } from "vitest";
import { readBoxPlayerArgs } from "./cli-args.ts";

describe("the box player's command line", () => {
  it("reads every option, PUBLIC_URL standing in for --public-url", () => {
    expect(
      readBoxPlayerArgs(
        [
          "--server",
          "http://localhost:8080",
          "--serial",
          "BOX-1",
          "--state-file",
          "b.json",
          "--speed",
          "10",
          "--firmware-version",
          "1.2.0-beta.1",
          "--updates-dir",
          "fw",
          "--data-dir",
          "box-data",
          "--cache-mb",
          "512",
        ],
        { PUBLIC_URL: "https://fonika.example" },
      ),
    ).toEqual({
      kind: "start",
      options: {
        server: "http://localhost:8080",
        serial: "BOX-1",
        stateFile: "b.json",
        speed: 10,
        publicUrl: "https://fonika.example",
        version: "1.2.0-beta.1",
        updatesDir: "fw",
        dataDir: "box-data",
        cacheMb: 512,
      },
    });
    expect(readBoxPlayerArgs(["--server", "https://a.example"])).toMatchObject({
      kind: "start",
      options: { speed: 1, publicUrl: undefined, stateFile: undefined },
    });
    expect(readBoxPlayerArgs(["--help"])).toEqual({ kind: "help" });
  });

  it("refuses what it cannot start with, saying why", () => {
    const reason = (argv: string[]) => {
      const read = readBoxPlayerArgs(argv);
      return read.kind === "invalid" ? read.reason : read.kind;
    };
    expect(reason([])).toBe("--server is required");
    expect(reason(["--server", "localhost:8080"])).toBe("--server must be an http(s) address");
    expect(reason(["--server", "http://a", "--speed", "0"])).toBe(
      "--speed must be a positive number",
    );
    expect(reason(["--server", "http://a", "--speed", "fast"])).toBe(
      "--speed must be a positive number",
    );
    expect(reason(["--server", "http://a", "--public-url", "nope"])).toBe(
      "--public-url must be an http(s) address",
    );
    expect(reason(["--server", "http://a", "--firmware-version", "1.2"])).toBe(
      "--firmware-version must be like 1.4.2 or 1.4.2-beta.1",
    );
    for (const size of ["8", "1.5", "lots"]) {
      expect(reason(["--server", "http://a", "--cache-mb", size])).toBe(
        "--cache-mb must be a whole number of MB, 16 or more",
      );
    }
    expect(reason(["--server", "http://a", "--volume", "3"])).toMatch(/volume/);
  });
});
