import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { EmailOrPhoneInput, nextEmailOrPhoneValue } from "./email-or-phone-input.tsx";

function Controlled() {
  const [value, setValue] = useState("");
  return <EmailOrPhoneInput value={value} onChange={setValue} />;
}

describe("EmailOrPhoneInput (SPEC.md §5)", () => {
  it("is labelled 'E-mail или номер телефона' while empty", () => {
    render(<Controlled />);
    expect(screen.getByLabelText("E-mail или номер телефона")).toBeTruthy();
  });

  it("becomes 'Номер телефона' with the phone mask once digits are typed", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(screen.getByLabelText("E-mail или номер телефона"), "9991234567");
    const input = screen.getByLabelText("Номер телефона") as HTMLInputElement;
    expect(input.value).toBe("+7 (999) 123-45-67");
  });

  it("reads a leading 8 or 7 as the country code", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(screen.getByLabelText("E-mail или номер телефона"), "89991234567");
    expect((screen.getByLabelText("Номер телефона") as HTMLInputElement).value).toBe(
      "+7 (999) 123-45-67",
    );
  });

  it("stays an e-mail when letters are typed", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(screen.getByLabelText("E-mail или номер телефона"), "user@mail.ru");
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("user@mail.ru");
  });

  it("keeps the typed digits when a phone turns into an e-mail", () => {
    expect(nextEmailOrPhoneValue("+7 (123", "+7 (123a")).toBe("123a");
    expect(nextEmailOrPhoneValue("", "+7 999 123 45 67")).toBe("+7 (999) 123-45-67");
    expect(nextEmailOrPhoneValue("+7 (9", "+7 (")).toBe("");
  });
});
