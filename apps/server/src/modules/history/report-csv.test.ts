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
