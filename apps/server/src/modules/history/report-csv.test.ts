import { describe, expect, it } from "vitest";
import { csvField, csvLine, formatDuration } from "./report-csv.ts";

describe("the royalty report's CSV", () => {
  it("quotes a field only when it holds `;`, a quote or a line break, doubling quotes", () => {
    expect(csvField("Кино")).toBe("Кино");
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('Группа "Кино"')).toBe('"Группа ""Кино"""');
    expect(csvField("две\nстроки")).toBe('"две\nстроки"');
    expect(csvField("возврат\rкаретки")).toBe('"возврат\rкаретки"');
    expect(csvField("запятая, не разделитель")).toBe("запятая, не разделитель");
    expect(csvField(42)).toBe("42");
  });

  it("puts `'` before a text a spreadsheet would run as a formula, and leaves numbers as they are", () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField("+1+1")).toBe("'+1+1");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tвкладка")).toBe("'\tвкладка");
    expect(csvField("\rвозврат")).toBe(`"'\rвозврат"`);
    expect(csvField("=a;b")).toBe(`"'=a;b"`);
    // Only the first character decides; a formula sign inside a text is text.
    expect(csvField("Кафе = бар")).toBe("Кафе = бар");
    expect(csvField("")).toBe("");
    expect(csvField(0)).toBe("0");
    expect(csvField(240)).toBe("240");
    expect(csvField("00:03:00")).toBe("00:03:00");
  });

  it("ends a record with CRLF and separates fields with `;`", () => {
    expect(csvLine(["a", "b;c", 3])).toBe('a;"b;c";3\r\n');
  });

  it("writes durations as ЧЧ:ММ:СС", () => {
    expect(formatDuration(0)).toBe("00:00:00");
    expect(formatDuration(59.6)).toBe("00:01:00");
    expect(formatDuration(3_725)).toBe("01:02:05");
    expect(formatDuration(-5)).toBe("00:00:00");
  });
});
