import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { timeZoneLabel } from "../../../lib/time-zones.ts";
import { TimeZoneField } from "./time-zone-field.tsx";

/** The field in a form of its own, with every zone it reported. */
function renderField(initial: string) {
  const reported: string[] = [];
  function Form() {
    const [zone, setZone] = useState(initial);
    return (
      <form>
        <TimeZoneField
          value={zone}
          onChange={(next) => {
            reported.push(next);
            setZone(next);
          }}
        />
        <button type="button">Дальше</button>
      </form>
    );
  }
  render(<Form />);
  const input = screen.getByRole("combobox", { name: "Часовой пояс" }) as HTMLInputElement;
  return { input, reported };
}

const yekaterinburg = timeZoneLabel("Asia/Yekaterinburg");
const moscow = timeZoneLabel("Europe/Moscow");

describe("the time zone combobox", () => {
  it("shows the saved zone and replaces it with what the typed text names on leaving", async () => {
    const { input, reported } = renderField("Europe/Moscow");
    expect(input.value).toBe(moscow);
    expect(input.getAttribute("aria-expanded")).toBe("false");

    // Focusing selects the shown zone, so typing replaces it.
    await userEvent.click(input);
    await userEvent.keyboard("Екат");
    expect(input.value).toBe("Екат");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    const listbox = screen.getByRole("listbox", { name: "Часовые пояса" });
    expect(
      [...listbox.querySelectorAll("[role=option]")].map((option) =>
        option.getAttribute("aria-label"),
      ),
    ).toEqual([yekaterinburg]);

    await userEvent.tab();
    expect(reported).toEqual(["Asia/Yekaterinburg"]);
    expect(input.value).toBe(yekaterinburg);
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("keeps the saved zone on Escape, and when the text names no zone or several", async () => {
    const { input, reported } = renderField("Europe/Moscow");
    await userEvent.click(input);
    await userEvent.keyboard("Екат{Escape}");
    expect(input.value).toBe(moscow);
    expect(input.getAttribute("aria-expanded")).toBe("false");

    await userEvent.clear(input);
    await userEvent.type(input, "Ново");
    await userEvent.tab();
    expect(input.value).toBe(moscow);
    expect(
      screen.getByText(
        `«Ново» подходит к нескольким поясам — выберите один в списке. Остался ${moscow}.`,
      ),
    ).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, "Атлантида");
    expect(screen.getByRole("status").textContent).toBe("Ничего не найдено");
    await userEvent.keyboard("{Enter}");
    expect(input.value).toBe(moscow);
    expect(screen.getByText(`Часового пояса «Атлантида» нет. Остался ${moscow}.`)).toBeTruthy();

    // Emptied and left: the saved zone comes back, nothing changes.
    await userEvent.clear(input);
    await userEvent.tab();
    expect(input.value).toBe(moscow);
    expect(reported).toEqual([]);
  });

  it("is chosen with the keyboard: arrows from the saved zone, Enter picks", async () => {
    const { input, reported } = renderField("Europe/Samara");
    input.focus();
    await userEvent.keyboard("{ArrowDown}");
    const active = () => document.getElementById(input.getAttribute("aria-activedescendant") ?? "");
    // The whole list opens at the saved zone.
    expect(active()?.getAttribute("aria-label")).toBe(timeZoneLabel("Europe/Samara"));
    expect(active()?.getAttribute("aria-selected")).toBe("true");
    // Самара, Астрахань, Саратов, Ульяновск (UTC+4), then Екатеринбург.
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}");
    expect(active()?.getAttribute("aria-label")).toBe(yekaterinburg);
    await userEvent.keyboard("{Enter}");
    expect(reported).toEqual(["Asia/Yekaterinburg"]);
    expect(input.value).toBe(yekaterinburg);
    expect(input.getAttribute("aria-expanded")).toBe("false");

    // A narrowed list: the arrow highlights its first zone, Enter picks it.
    await userEvent.clear(input);
    await userEvent.type(input, "utc+7");
    await userEvent.keyboard("{ArrowDown}");
    expect(active()?.getAttribute("aria-label")).toBe(timeZoneLabel("Asia/Novosibirsk"));
    await userEvent.keyboard("{Enter}");
    expect(reported).toEqual(["Asia/Yekaterinburg", "Asia/Novosibirsk"]);
  });

  it("is chosen with a tap on an option, the list opened by its button", async () => {
    const { input, reported } = renderField("Europe/Moscow");
    await userEvent.click(screen.getByRole("button", { name: "Показать все часовые пояса" }));
    expect(document.activeElement).toBe(input);
    await userEvent.click(screen.getByRole("option", { name: timeZoneLabel("Asia/Omsk") }));
    expect(reported).toEqual(["Asia/Omsk"]);
    expect(input.value).toBe(timeZoneLabel("Asia/Omsk"));
    expect(screen.queryByRole("option")).toBeNull();
  });
});
