import { MESSAGES } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import { errorText } from "./error-messages.ts";

describe("the text shown for a failure (SPEC.md §8: profile creation and others)", () => {
  it("shows the server's reason first", () => {
    expect(errorText({ type: "conflict", reason: "Профиль уже заполнен", message: "x" })).toBe(
      "Профиль уже заполнен",
    );
  });

  it("falls back to the message when there is no reason", () => {
    expect(errorText({ message: "Network timeout" })).toBe("Network timeout");
    expect(errorText(new Error("Сбой сети"))).toBe("Сбой сети");
  });

  it("says 'Неизвестная ошибка' when there is neither", () => {
    expect(errorText({})).toBe("Неизвестная ошибка");
    expect(errorText({ reason: "", message: "" })).toBe("Неизвестная ошибка");
    expect(errorText(undefined)).toBe("Неизвестная ошибка");
    expect(errorText("boom")).toBe("Неизвестная ошибка");
  });

  it("shows 'Ваш аккаунт удален' for account-deleted, whatever the reason says", () => {
    expect(errorText({ type: "account-deleted", reason: "Другое" })).toBe(MESSAGES.accountDeleted);
  });
});
