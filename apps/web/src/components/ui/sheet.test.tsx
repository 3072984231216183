import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PHONE_WIDTH, stubScreenWidth } from "../../test/screen-width.ts";
import { Sheet } from "./sheet.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A button that opens the sheet beside itself, as the schedule's «Добавить окно» does. */
function Opener({ onClose = () => {} }: { onClose?: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" onClick={(event) => setAnchor(event.currentTarget)}>
        Добавить окно
      </button>
      {anchor && (
        <Sheet
          title="Новое окно"
          anchor={anchor}
          onClose={() => {
            onClose();
            setAnchor(null);
          }}
        >
          <input aria-label="Начало" />
        </Sheet>
      )}
    </>
  );
}

/** jsdom lays nothing out: the opener's box and the panel's size are given. */
function layOut(opener: DOMRect, panel: { width: number; height: number }) {
  const button = screen.getByRole("button", { name: "Добавить окно" });
  vi.spyOn(button, "getBoundingClientRect").mockReturnValue(opener);
  vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(panel.width);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(panel.height);
  return button;
}

describe("a sheet", () => {
  it("opens on a wide screen under the button that opened it, focus inside, and gives focus back on Escape", async () => {
    render(<Opener />);
    const button = layOut(DOMRect.fromRect({ x: 600, y: 200, width: 140, height: 40 }), {
      width: 440,
      height: 300,
    });
    const user = userEvent.setup();
    await user.click(button);
    const dialog = screen.getByRole("dialog", { name: "Новое окно" });
    expect(dialog.className).toContain("sheet--beside");
    // Under the button, its right edge under the button's (440 px would pass the screen's right side at 1024).
    expect(dialog.style.top).toBe("248px");
    expect(dialog.style.left).toBe(`${740 - 440}px`);
    // Focus is in the sheet (on «Закрыть»: no phone keyboard rises over it at once).
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Закрыть" }));

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("opens over a button low on the screen when only there it fits", async () => {
    render(<Opener />);
    // jsdom's window is 768 px high: 300 px do not fit under a button ending at 700.
    const button = layOut(DOMRect.fromRect({ x: 40, y: 660, width: 140, height: 40 }), {
      width: 440,
      height: 300,
    });
    await userEvent.setup().click(button);
    const dialog = screen.getByRole("dialog", { name: "Новое окно" });
    expect(dialog.style.top).toBe(`${660 - 8 - 300}px`);
    expect(dialog.style.left).toBe("40px");
  });

  it("rises from the bottom of a phone's screen and closes at a tap outside or «Закрыть»", async () => {
    stubScreenWidth(PHONE_WIDTH);
    const closed = vi.fn();
    render(<Opener onClose={closed} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Добавить окно" }));
    const dialog = screen.getByRole("dialog", { name: "Новое окно" });
    expect(dialog.className).toContain("sheet--bottom");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.style.top).toBe("");
    const backdrop = document.querySelector(".sheet__backdrop");
    if (!(backdrop instanceof HTMLElement)) throw new Error("no backdrop");
    await user.click(backdrop);
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Добавить окно" }));
    await user.click(screen.getByRole("button", { name: "Закрыть" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(closed).toHaveBeenCalledTimes(2);
  });
});
