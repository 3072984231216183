import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Russian texts quote with «», never with straight quotes (issue 17): a
 * Russian word, a space and a straight quote opening a word or a value,
 * as in `кнопку "Создать"`, is flagged in every source file of the web app
 * and of the shared package (whose MESSAGES the web app shows). A text the
 * spec quotes verbatim with straight quotes keeps them: the line before it
 * says `spec-verbatim` (issue 32).
 */
const webRoot = path.dirname(new URL(import.meta.url).pathname);
const sharedRoot = path.resolve(webRoot, "../../../packages/shared/src");
const STRAIGHT_QUOTE_IN_RUSSIAN = /[А-Яа-яЁё]\s+"(?:[А-Яа-яЁёA-Za-z]|\$\{)/;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function straightQuotes(root: string): string[] {
  return sourceFiles(root).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index, lines) =>
        STRAIGHT_QUOTE_IN_RUSSIAN.test(line) &&
        !lines
          .slice(Math.max(0, index - 2), index)
          .some((before) => before.includes("spec-verbatim"))
          ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`]
          : [],
      ),
  );
}

describe("typographic quotes in Russian texts", () => {
  it("the check finds a straight-quoted word in Russian and passes «»", () => {
    expect(STRAIGHT_QUOTE_IN_RUSSIAN.test('Нажмите кнопку "Создать"')).toBe(true);
    // A template's value in straight quotes, as the source spells it.
    expect(STRAIGHT_QUOTE_IN_RUSSIAN.test(['объект типа "$', '{what}"'].join(""))).toBe(true);
    expect(STRAIGHT_QUOTE_IN_RUSSIAN.test("Нажмите кнопку «Создать»")).toBe(false);
    expect(STRAIGHT_QUOTE_IN_RUSSIAN.test('label: "Фамилия",')).toBe(false);
  });

  it("finds none in the web app or the shared package", () => {
    expect(sourceFiles(webRoot).length).toBeGreaterThan(100);
    expect([...straightQuotes(webRoot), ...straightQuotes(sharedRoot)]).toEqual([]);
  });
});
