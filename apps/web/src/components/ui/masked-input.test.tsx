import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { createMask, MASK_TOKENS, PHONE_MASK } from "./mask-tokens.ts";
import { MaskedInput, type MaskedValue } from "./masked-input.tsx";

describe("mask tokens (SPEC.md §5)", () => {
  it("defines exactly the five character tokens; '!' escapes", () => {
    expect(Object.keys(MASK_TOKENS).sort()).toEqual(["#", "A", "S", "X", "a"].sort());
  });

  it("# takes a digit only", () => {
    expect(createMask("###").masked("1a2b3")).toBe("123");
  });

  it("X takes a letter or a digit", () => {
    expect(createMask("XXX").masked("a-1Я")).toBe("a1Я");
  });

  it("S takes a letter only, keeping its case", () => {
    expect(createMask("SSS").masked("a1Bв")).toBe("aBв");
  });

  it("A takes a letter and makes it upper case", () => {
    expect(createMask("AAA").masked("ab1в")).toBe("ABВ");
  });

  it("a takes a letter and makes it lower case", () => {
    expect(createMask("aaa").masked("AB1В")).toBe("abв");
  });

  it("! escapes a token character so it is written literally", () => {
    expect(createMask("!#-##").masked("12")).toBe("#-12");
    expect(createMask("!A###").masked("123")).toBe("A123");
  });

  it("formats a phone number", () => {
    const mask = createMask(PHONE_MASK);
    expect(mask.masked("9991234567")).toBe("+7 (999) 123-45-67");
    expect(mask.completed("+7 (999) 123-45-67")).toBe(true);
    expect(mask.completed("+7 (999) 123")).toBe(false);
  });
});

function Controlled({ mask }: { mask: string }) {
  const [value, setValue] = useState<MaskedValue>({ masked: "", unmasked: "", completed: false });
  return (
    <>
      <MaskedInput label="Поле" mask={mask} value={value.masked} onChange={setValue} />
      <output data-testid="state">{JSON.stringify(value)}</output>
    </>
  );
}

describe("MaskedInput", () => {
  it("shapes typed text by the mask and reports unmasked and completed", async () => {
    const user = userEvent.setup();
    render(<Controlled mask={PHONE_MASK} />);
    const input = screen.getByLabelText("Поле") as HTMLInputElement;
    await user.type(input, "9991234567");
    expect(input.value).toBe("+7 (999) 123-45-67");
    expect(JSON.parse(screen.getByTestId("state").textContent ?? "{}")).toMatchObject({
      unmasked: "9991234567",
      completed: true,
    });
  });

  it("drops characters the mask refuses and line breaks", () => {
    render(<Controlled mask="AA-##" />);
    const input = screen.getByLabelText("Поле") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "a\nb12" } });
    expect(input.value).toBe("AB-12");
  });
});
