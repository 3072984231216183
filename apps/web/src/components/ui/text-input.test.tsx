import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { TextInput, type TextInputProps } from "./text-input.tsx";

/** A TextInput holding its own value, as forms use it. */
function Controlled(props: Omit<TextInputProps, "value" | "onChange"> & { initial?: string }) {
  const { initial = "", ...rest } = props;
  const [value, setValue] = useState(initial);
  return <TextInput {...rest} value={value} onChange={setValue} />;
}

function paste(input: HTMLElement, text: string) {
  fireEvent.paste(input, { clipboardData: { getData: () => text } });
}

describe("TextInput (SPEC.md §5)", () => {
  it("shows 'Введите от 3 до 200 символов' for a too-short text once left, with rules on", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Имя" rules />);
    const input = screen.getByLabelText("Имя");
    await user.type(input, "ab");
    expect(screen.queryByText("Введите от 3 до 200 символов")).toBeNull();
    await user.tab();
    expect(screen.getByText("Введите от 3 до 200 символов")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    await user.type(input, "c");
    expect(screen.queryByText("Введите от 3 до 200 символов")).toBeNull();
  });

  it("uses its own min and max in the message", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Пароль" type="password" rules min={8} max={64} />);
    await user.type(screen.getByLabelText("Пароль"), "short");
    await user.tab();
    expect(screen.getByText("Введите от 8 до 64 символов")).toBeTruthy();
  });

  it("gives no message when rules are off", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Имя" />);
    await user.type(screen.getByLabelText("Имя"), "a");
    await user.tab();
    expect(screen.queryByText(/Введите от/)).toBeNull();
  });

  it("skips the rules for an empty optional field", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Отчество" rules required={false} />);
    await user.click(screen.getByLabelText("Отчество"));
    await user.tab();
    expect(screen.queryByText(/Введите от/)).toBeNull();
  });

  it("says what an empty required field needs, not its length (issue 17)", () => {
    render(
      <>
        <Controlled label="Фамилия" rules min={1} requiredMessage="Введите фамилию" showError />
        <Controlled label="Город" rules showError />
        <Controlled label="Адрес" rules initial="   " requiredMessage="Введите адрес" showError />
        <Controlled label="Отчество" rules min={1} required={false} showError />
      </>,
    );
    expect(screen.getByText("Введите фамилию")).toBeTruthy();
    // A field with no text of its own names itself.
    expect(screen.getByText("Заполните поле «Город»")).toBeTruthy();
    // Blank counts as empty: forms trim before they send.
    expect(screen.getByText("Введите адрес")).toBeTruthy();
    expect(screen.queryByText(/Введите от/)).toBeNull();
    expect(screen.getByLabelText("Отчество").getAttribute("aria-invalid")).toBeNull();
  });

  it("keeps the length message for a value that is there but too short", () => {
    render(
      <Controlled
        label="Название"
        rules
        initial="ab"
        requiredMessage="Введите название"
        showError
      />,
    );
    expect(screen.getByText("Введите от 3 до 200 символов")).toBeTruthy();
    expect(screen.queryByText("Введите название")).toBeNull();
  });

  it("truncates typed input to the maximum", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Код" max={5} />);
    const input = screen.getByLabelText("Код") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "1234567" } });
    expect(input.value).toBe("12345");
    await user.type(input, "9");
    expect(input.value).toBe("12345");
  });

  it("removes line breaks from a paste and accepts it only within the maximum", () => {
    render(<Controlled label="Название" max={10} />);
    const input = screen.getByLabelText("Название") as HTMLInputElement;
    paste(input, "ab\ncd\r\nef");
    expect(input.value).toBe("abcdef");
    paste(input, "12345");
    expect(input.value).toBe("abcdef");
    expect(screen.getByText(/не больше 10 символов/)).toBeTruthy();
    paste(input, "1234");
    expect(input.value).toBe("abcdef1234");
  });

  it("number: rejects any non-digit", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Цена" type="number" />);
    const input = screen.getByLabelText("Цена") as HTMLInputElement;
    await user.type(input, "1a2-3.4");
    expect(input.value).toBe("1234");
    paste(input, "5x");
    expect(input.value).toBe("1234");
  });

  it("time: normalizes a valid time when left", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Начало" type="time" rules />);
    const input = screen.getByLabelText("Начало") as HTMLInputElement;
    await user.type(input, "930");
    await user.tab();
    expect(input.value).toBe("09:30");
    expect(screen.queryByText("Некорректное время")).toBeNull();
  });

  it("time: shows 'Некорректное время' for hours over 23 or minutes over 59", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Начало" type="time" rules />);
    const input = screen.getByLabelText("Начало") as HTMLInputElement;
    await user.type(input, "25:00");
    await user.tab();
    expect(screen.getByText("Некорректное время")).toBeTruthy();
    await user.clear(input);
    await user.type(input, "12:60");
    expect(screen.getByText("Некорректное время")).toBeTruthy();
  });

  it("time: holds at most 5 characters of digits and a colon", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Начало" type="time" />);
    const input = screen.getByLabelText("Начало") as HTMLInputElement;
    await user.type(input, "1a2:345");
    expect(input.value).toBe("12:34");
  });

  it("card: no rule", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Карта" type="card" rules />);
    const input = screen.getByLabelText("Карта");
    await user.type(input, "1");
    await user.tab();
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("password: a toggle shows and hides the text", async () => {
    const user = userEvent.setup();
    render(<Controlled label="Пароль" type="password" />);
    const input = screen.getByLabelText("Пароль") as HTMLInputElement;
    expect(input.type).toBe("password");
    await user.click(screen.getByRole("button", { name: "Показать пароль" }));
    expect(input.type).toBe("text");
    await user.click(screen.getByRole("button", { name: "Скрыть пароль" }));
    expect(input.type).toBe("password");
  });

  it("shows an outside error instead of the rule's", () => {
    render(<Controlled label="Код" error="Неверный код" />);
    expect(screen.getByText("Неверный код")).toBeTruthy();
  });
});
