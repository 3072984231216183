import { describe, expect, it } from "vitest";
import { INPUT } from "./constants.ts";
import { MESSAGES } from "./messages.ts";
import {
  acceptPaste,
  acceptsNumberInput,
  checkLength,
  checkTime,
  compactWeekdays,
  digitsOnly,
  emailOrPhoneLabel,
  isEmailLike,
  isScheduleTime,
  normalizePhone,
  normalizeTime,
  truncateToMax,
} from "./validation.ts";

/** SPEC.md §5 Validation rules, one block per rule. */

describe("text and password length rule", () => {
  it("defaults to min 3 and max 200 with the exact message", () => {
    expect(INPUT.defaultMin).toBe(3);
    expect(INPUT.defaultMax).toBe(200);
    expect(checkLength("ab")).toBe("Введите от 3 до 200 символов");
    expect(checkLength("a".repeat(201))).toBe("Введите от 3 до 200 символов");
  });

  it("accepts lengths within the range, bounds included", () => {
    expect(checkLength("abc")).toBeNull();
    expect(checkLength("a".repeat(100))).toBeNull();
    expect(checkLength("a".repeat(200))).toBeNull();
  });

  it("uses the given min and max in the message", () => {
    expect(checkLength("abcd", { min: 5, max: 10 })).toBe(MESSAGES.lengthRange(5, 10));
    expect(MESSAGES.lengthRange(5, 10)).toBe("Введите от 5 до 10 символов");
    expect(checkLength("a".repeat(11), { min: 5, max: 10 })).toBe("Введите от 5 до 10 символов");
    expect(checkLength("abcde", { min: 5, max: 10 })).toBeNull();
  });

  it("skips an empty optional field but not an empty required one", () => {
    expect(checkLength("", {}, false)).toBeNull();
    expect(checkLength("")).toBe("Введите от 3 до 200 символов");
    expect(checkLength("ab", {}, false)).toBe("Введите от 3 до 200 символов");
  });
});

describe("time rule", () => {
  it("accepts 3 to 5 characters of digits with an optional colon", () => {
    expect(normalizeTime("9:30")).toBe("09:30");
    expect(normalizeTime("09:30")).toBe("09:30");
    expect(normalizeTime("0930")).toBe("09:30");
    expect(normalizeTime("2359")).toBe("23:59");
  });

  it("gives a 3-digit value a leading zero", () => {
    expect(normalizeTime("930")).toBe("09:30");
    expect(normalizeTime("000")).toBe("00:00");
  });

  it("refuses lengths outside 3..5 and non-digits", () => {
    expect(normalizeTime("93")).toBeNull();
    expect(normalizeTime("09:300")).toBeNull();
    expect(normalizeTime("9a30")).toBeNull();
    expect(normalizeTime("09-30")).toBeNull();
    expect(normalizeTime("9::30")).toBeNull();
  });

  it("checks hours 0-23 and minutes 0-59", () => {
    expect(normalizeTime("23:59")).toBe("23:59");
    expect(normalizeTime("00:00")).toBe("00:00");
    expect(normalizeTime("24:00")).toBeNull();
    expect(normalizeTime("12:60")).toBeNull();
    expect(normalizeTime("960")).toBeNull();
  });

  it("answers 'Некорректное время' for a bad time and skips an empty optional one", () => {
    expect(checkTime("25:00")).toBe("Некорректное время");
    expect(checkTime("")).toBe("Некорректное время");
    expect(checkTime("", false)).toBeNull();
    expect(checkTime("930")).toBeNull();
  });
});

describe("number rule", () => {
  it("rejects input holding a non-digit", () => {
    expect(acceptsNumberInput("12345")).toBe(true);
    expect(acceptsNumberInput("")).toBe(true);
    expect(acceptsNumberInput("12a")).toBe(false);
    expect(acceptsNumberInput("1.5")).toBe(false);
    expect(acceptsNumberInput("-1")).toBe(false);
    expect(acceptsNumberInput("1 2")).toBe(false);
  });
});

describe("truncation to the maximum", () => {
  it("cuts input longer than max and leaves shorter input alone", () => {
    expect(truncateToMax("abcdef", 4)).toBe("abcd");
    expect(truncateToMax("abc", 4)).toBe("abc");
    expect(truncateToMax("a".repeat(250))).toHaveLength(200);
  });
});

describe("paste rule", () => {
  it("removes line breaks from pasted text", () => {
    expect(acceptPaste("", "one\ntwo\r\nthree", 200)).toBe("onetwothree");
  });

  it("accepts a paste only if the result stays within max", () => {
    expect(acceptPaste("abc", "de", 5)).toBe("abcde");
    expect(acceptPaste("abc", "def", 5)).toBeNull();
    expect(acceptPaste("abc", "d\ne", 5)).toBe("abcde");
  });

  it("replaces the selected text", () => {
    expect(acceptPaste("abcdef", "XY", 6, { start: 2, end: 4 })).toBe("abXYef");
    expect(acceptPaste("abcdef", "XYZ", 6, { start: 2, end: 4 })).toBeNull();
  });
});

describe("combined e-mail-or-phone field", () => {
  it("is an e-mail when the value contains letters, else a phone", () => {
    expect(isEmailLike("user@mail.ru")).toBe(true);
    expect(isEmailLike("иван@почта.рф")).toBe(true);
    expect(isEmailLike("+7 (999) 123-45-67")).toBe(false);
    expect(isEmailLike("89991234567")).toBe(false);
  });

  it("changes its label to 'Номер телефона' once a phone is typed", () => {
    expect(emailOrPhoneLabel("")).toBe(MESSAGES.emailOrPhoneLabel);
    expect(emailOrPhoneLabel("9")).toBe("Номер телефона");
    expect(emailOrPhoneLabel("+7 (999")).toBe("Номер телефона");
    expect(emailOrPhoneLabel("u")).toBe(MESSAGES.emailLabel);
  });

  it("normalizes phone numbers to 11 digits starting with 7", () => {
    expect(normalizePhone("+7 (999) 123-45-67")).toBe("79991234567");
    expect(normalizePhone("8 999 123 45 67")).toBe("79991234567");
    expect(normalizePhone("9991234567")).toBe("79991234567");
    expect(normalizePhone("12345")).toBeNull();
  });
});

describe("schedule times and weekdays", () => {
  it("takes HH:MM:SS with two digits each", () => {
    expect(isScheduleTime("09:00:00")).toBe(true);
    expect(isScheduleTime("23:59:59")).toBe(true);
    expect(isScheduleTime("9:00:00")).toBe(false);
    expect(isScheduleTime("24:00:00")).toBe(false);
    expect(isScheduleTime("09:00")).toBe(false);
  });

  it("drops empty weekday entries before sending", () => {
    expect(compactWeekdays(["MONDAY", "", null, "FRIDAY", undefined])).toEqual([
      "MONDAY",
      "FRIDAY",
    ]);
  });
});

describe("client phone search", () => {
  it("strips non-digits", () => {
    expect(digitsOnly("+7 (999) 123-45-67")).toBe("79991234567");
  });
});
