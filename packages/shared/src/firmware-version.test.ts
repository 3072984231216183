import { describe, expect, it } from "vitest";
import {
  compareVersions,
  isFirmwareVersion,
  newestByVersion,
  updateNameFromFileName,
  versionInFileName,
} from "./firmware-version.ts";

describe("firmware versions", () => {
  it("accepts semantic versions and refuses anything else", () => {
    for (const good of ["0.0.1", "1.4.2", "10.20.30", "1.0.0-beta", "1.0.0-rc.1", "2.0.0-x-y.7"]) {
      expect(isFirmwareVersion(good), good).toBe(true);
    }
    for (const bad of [
      "",
      "1",
      "1.2",
      "v1.2.3",
      "01.2.3",
      "1.2.3.4",
      "1.2.3-",
      "1.2.3-01",
      "1.2.3+build",
      " 1.2.3",
      "1.2.3-бета",
      `1.2.3-${"a".repeat(60)}`,
    ]) {
      expect(isFirmwareVersion(bad), bad).toBe(false);
    }
  });

  it("orders versions by semantic versioning's precedence", () => {
    const ordered = [
      "1.0.0-alpha",
      "1.0.0-alpha.1",
      "1.0.0-alpha.beta",
      "1.0.0-beta",
      "1.0.0-beta.2",
      "1.0.0-beta.11",
      "1.0.0-rc.1",
      "1.0.0",
      "1.0.1",
      "1.2.0",
      "1.10.0",
      "2.0.0",
    ];
    for (let index = 1; index < ordered.length; index++) {
      const older = ordered[index - 1] as string;
      const newer = ordered[index] as string;
      expect(compareVersions(older, newer), `${older} < ${newer}`).toBe(-1);
      expect(compareVersions(newer, older), `${newer} > ${older}`).toBe(1);
    }
    expect(compareVersions("1.2.3", "1.2.3")).toBe(0);
    expect(
      newestByVersion([{ version: "1.9.0" }, { version: "1.10.0" }, { version: "1.2.0" }]),
    ).toEqual({ version: "1.10.0" });
    expect(newestByVersion([])).toBeUndefined();
  });

  it("reads a version and a name from a file name", () => {
    expect(versionInFileName("fonika-box-1.4.2.bin")).toBe("1.4.2");
    expect(versionInFileName("box_v2.0.0-rc.1.img")).toBe("2.0.0-rc.1");
    expect(versionInFileName("firmware 3.1.0.tar.gz")).toBe("3.1.0");
    expect(versionInFileName("firmware.bin")).toBeUndefined();
    expect(versionInFileName("build-1.2.3.4.bin")).toBeUndefined();
    expect(updateNameFromFileName("C:\\fw\\fonika-box-1.4.2.bin", 200)).toBe("fonika-box-1.4.2");
    expect(updateNameFromFileName(" прошивка зала .img", 200)).toBe("прошивка зала");
    expect(updateNameFromFileName("a".repeat(300), 200)).toHaveLength(200);
  });
});
