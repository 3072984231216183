import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PHONE_WIDTH, stubScreenWidth } from "../../test/screen-width.ts";
import { DisclosureSection } from "./disclosure-section.tsx";

/** The mobile layout (below 1024 px): its `max-width` query matches. */
function onPhone() {
  stubScreenWidth(PHONE_WIDTH);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Week({ onDrawn }: { onDrawn: () => void }) {
  useEffect(() => onDrawn(), [onDrawn]);
  return <input aria-label="Начало" />;
}

function renderWeek(onDrawn: () => void = () => {}) {
  return render(
    <DisclosureSection
      title="Расписание"
      rememberAs="test.week"
      summary="3 окна"
      actions={<button type="button">Добавить окно</button>}
    >
      <Week onDrawn={onDrawn} />
    </DisclosureSection>,
  );
}

const toggle = () => screen.getByRole("button", { name: "Расписание" });

describe("a section that folds away", () => {
  it("is open on a wide screen, its title a button inside its heading, and closes to its summary", async () => {
    renderWeek();
    expect(screen.getByRole("heading", { name: "Расписание" }).contains(toggle())).toBe(true);
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByLabelText("Начало")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Добавить окно" })).toBeTruthy();
    expect(screen.queryByText("3 окна")).toBeNull();

    await userEvent.setup().click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("textbox", { name: "Начало" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Добавить окно" })).toBeNull();
    expect(screen.getByText("3 окна")).toBeTruthy();
    expect(window.localStorage.getItem("fonika.section.test.week")).toBe("closed");
  });

  it("is closed on a phone and draws its body only once opened, keeping it (and what was typed) when closed again", async () => {
    onPhone();
    const drawn = vi.fn();
    renderWeek(drawn);
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByText("3 окна")).toBeTruthy();
    expect(drawn).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.click(toggle());
    expect(drawn).toHaveBeenCalledTimes(1);
    expect(document.getElementById(toggle().getAttribute("aria-controls") ?? "")?.hidden).toBe(
      false,
    );
    await user.type(screen.getByLabelText("Начало"), "09:00");
    await user.click(toggle());
    await user.click(toggle());
    expect((screen.getByLabelText("Начало") as HTMLInputElement).value).toBe("09:00");
    expect(drawn).toHaveBeenCalledTimes(1);
  });

  it("opens as it was left on this device, whatever the width", () => {
    onPhone();
    window.localStorage.setItem("fonika.section.test.week", "open");
    renderWeek();
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByLabelText("Начало")).toBeTruthy();
  });

  it("still opens and closes where storage is refused", async () => {
    onPhone();
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("denied");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("denied");
    });
    renderWeek();
    await userEvent.setup().click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
  });
});
