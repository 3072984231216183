import { describe, expect, it } from "vitest";
import { dayAfter, licenceCoverOn } from "./contracts/licences.ts";

describe("licenceCoverOn: what a holder's licences say of its music from a day on", () => {
  const today = "2026-11-29";

  it("a holder without licences is not restricted by them", () => {
    expect(licenceCoverOn([], today)).toBeNull();
  });

  it("no licence covering the day bars its music, ended or not begun", () => {
    expect(licenceCoverOn([{ startsOn: "2025-01-01", endsOn: "2026-11-28" }], today)).toEqual({
      barred: true,
    });
    expect(licenceCoverOn([{ startsOn: "2026-11-30", endsOn: null }], today)).toEqual({
      barred: true,
    });
  });

  it("the last day of the licence covering the day, inclusive of the day itself", () => {
    expect(licenceCoverOn([{ startsOn: "2026-01-01", endsOn: "2026-12-31" }], today)).toEqual({
      barred: false,
      lastDay: "2026-12-31",
    });
    expect(licenceCoverOn([{ startsOn: "2026-01-01", endsOn: today }], today)).toEqual({
      barred: false,
      lastDay: today,
    });
  });

  it("licences that follow each other without a gap run on; a gap ends the run", () => {
    const run = [
      { startsOn: "2026-01-01", endsOn: "2026-12-31" },
      { startsOn: "2027-01-01", endsOn: "2027-06-30" },
      { startsOn: "2027-07-02", endsOn: "2027-12-31" },
    ];
    expect(licenceCoverOn(run, today)).toEqual({ barred: false, lastDay: "2027-06-30" });
  });

  it("overlapping licences take the latest end; one without an end never ends", () => {
    const overlapping = [
      { startsOn: "2026-01-01", endsOn: "2027-03-31" },
      { startsOn: "2026-06-01", endsOn: "2026-12-31" },
    ];
    expect(licenceCoverOn(overlapping, today)).toEqual({ barred: false, lastDay: "2027-03-31" });
    expect(
      licenceCoverOn([...overlapping, { startsOn: "2027-04-01", endsOn: null }], today),
    ).toEqual({ barred: false, lastDay: null });
  });

  it("dayAfter crosses months and years", () => {
    expect(dayAfter("2026-12-31")).toBe("2027-01-01");
    expect(dayAfter("2028-02-28")).toBe("2028-02-29");
    expect(dayAfter("2026-11-29", 30)).toBe("2026-12-29");
  });
});
