import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TimeZoneNow } from "./time-zone-now.tsx";

describe("a venue's zone and its clock", () => {
  afterEach(() => vi.useRealTimers());

  it("names the zone in Russian with the time there, and keeps the time going", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2024-01-15T12:00:10.000Z"));
    const { container } = render(<TimeZoneNow zone="Asia/Yekaterinburg" />);
    expect(container.textContent).toBe("Екатеринбург (UTC+5), сейчас 17:00");
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(container.textContent).toBe("Екатеринбург (UTC+5), сейчас 17:01");
  });
});
