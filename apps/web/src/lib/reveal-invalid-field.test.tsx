import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type FormEvent, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TextInput } from "../components/ui/text-input.tsx";
import { revealFirstInvalidField, watchFailedSubmits } from "./reveal-invalid-field.ts";

/** A form as the app writes them: it marks its wrong fields after a submit and sends nothing. */
function TwoFieldForm({ onSend }: { onSend?: () => Promise<string | null> }) {
  const [lastName, setLastName] = useState("");
  const [firstName, setFirstName] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!lastName || !firstName) return;
    if (onSend) setServerError(await onSend());
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Анкета">
      <TextInput label="Город" value="Томск" onChange={() => {}} rules />
      <TextInput
        label="Фамилия"
        value={lastName}
        onChange={setLastName}
        rules
        min={1}
        showError={submitted}
      />
      <TextInput
        label="Имя"
        value={firstName}
        onChange={setFirstName}
        rules
        min={1}
        showError={submitted}
        error={serverError}
      />
      <button type="submit">Сохранить</button>
    </form>
  );
}

const scrollIntoView = vi.fn();
let stopWatching = () => {};

beforeEach(() => {
  scrollIntoView.mockClear();
  // jsdom lays nothing out and has no scrollIntoView of its own.
  Element.prototype.scrollIntoView = scrollIntoView;
  stopWatching = watchFailedSubmits(document);
});

afterEach(() => stopWatching());

/** The element scrollIntoView was last called on. */
function scrolledTo(): Element | undefined {
  return scrollIntoView.mock.contexts.at(-1) as Element | undefined;
}

describe("a failed submit reveals its first wrong field", () => {
  it("focuses the first of two wrong fields and scrolls its field to the middle", async () => {
    const user = userEvent.setup();
    render(<TwoFieldForm />);
    await user.click(screen.getByRole("button", { name: "Сохранить" }));

    const lastName = screen.getByLabelText("Фамилия");
    await waitFor(() => expect(document.activeElement).toBe(lastName));
    expect(screen.getByLabelText("Имя").getAttribute("aria-invalid")).toBe("true");
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: "center", behavior: "smooth" });
    // The whole field (label and message) comes into view, not the bare input.
    expect(scrolledTo()).toBe(lastName.closest(".field"));
  });

  it("moves to the field still wrong after the first is mended, also on Enter", async () => {
    const user = userEvent.setup();
    render(<TwoFieldForm />);
    await user.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Фамилия")));

    await user.type(screen.getByLabelText("Фамилия"), "Иванова{Enter}");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Имя")));
    expect(scrolledTo()).toBe(screen.getByLabelText("Имя").closest(".field"));
  });

  it("leaves a form that passes alone", async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => null);
    render(<TwoFieldForm onSend={send} />);
    await user.type(screen.getByLabelText("Фамилия"), "Иванова");
    await user.type(screen.getByLabelText("Имя"), "Анна");
    const button = screen.getByRole("button", { name: "Сохранить" });
    await user.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
  });

  it("reveals a field the server's answer marks later", async () => {
    const user = userEvent.setup();
    let answer: (reason: string) => void = () => {};
    render(<TwoFieldForm onSend={() => new Promise((resolve) => (answer = resolve))} />);
    await user.type(screen.getByLabelText("Фамилия"), "Иванова");
    await user.type(screen.getByLabelText("Имя"), "Анна");
    await user.click(screen.getByRole("button", { name: "Сохранить" }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(scrollIntoView).not.toHaveBeenCalled();

    await act(async () => answer("Такое имя уже занято"));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Имя")));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it("does not pull focus away from a person typing while the answer is out", async () => {
    const user = userEvent.setup();
    let answer: (reason: string) => void = () => {};
    render(<TwoFieldForm onSend={() => new Promise((resolve) => (answer = resolve))} />);
    await user.type(screen.getByLabelText("Фамилия"), "Иванова");
    await user.type(screen.getByLabelText("Имя"), "Анна");
    await user.click(screen.getByRole("button", { name: "Сохранить" }));
    await user.type(screen.getByLabelText("Фамилия"), "-Петрова");

    await act(async () => answer("Такое имя уже занято"));
    expect(await screen.findByText("Такое имя уже занято")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Фамилия"));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it("does nothing once stopped", async () => {
    stopWatching();
    const user = userEvent.setup();
    render(<TwoFieldForm />);
    const button = screen.getByRole("button", { name: "Сохранить" });
    await user.click(button);
    expect(await screen.findAllByLabelText(/Фамилия|Имя/)).toHaveLength(2);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
  });
});

describe("revealFirstInvalidField", () => {
  it("answers false and touches nothing when every field is right", () => {
    render(<TwoFieldForm />);
    expect(revealFirstInvalidField(screen.getByRole("form", { name: "Анкета" }))).toBe(false);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
