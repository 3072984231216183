import { z } from "./zod.ts";

/**
 * Russian company requisites checked for real, the same on the server (API
 * validation) and in the web forms. Each check answers null when the value
 * is right, else a Russian sentence naming the field. Values are compared
 * as given after trimming: letters or spaces inside a number are an error,
 * never silently dropped (a card number alone may hold spaces, as printed).
 */

/** The Russian names of the requisites, for labels and messages. */
export const REQUISITE_LABELS = {
  inn: "ИНН",
  kpp: "КПП",
  ogrn: "ОГРН",
  ogrnip: "ОГРНИП",
  bik: "БИК",
  account: "Расчётный счёт",
  card: "Номер карты",
} as const;

/** Who the requisites belong to: a legal entity or an individual entrepreneur. */
export type RequisiteHolder = "legal" | "individual";

const digits = (value: string, length: number) => new RegExp(`^\\d{${length}}$`).test(value);

/** Σ digit × weight over the first weights.length digits, mod 11, mod 10. */
function checkDigit(value: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + Number(value[index]) * weight, 0);
  return (sum % 11) % 10;
}

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_FIRST_WEIGHTS = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_SECOND_WEIGHTS = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/**
 * INN: a legal entity's has 10 digits and one check digit, an individual
 * entrepreneur's 12 digits and two (the Federal Tax Service's weights).
 */
export function checkInn(value: string, holder: RequisiteHolder): string | null {
  const inn = value.trim();
  if (holder === "legal") {
    if (!digits(inn, 10)) return "ИНН юридического лица состоит из 10 цифр";
    return checkDigit(inn, INN10_WEIGHTS) === Number(inn[9])
      ? null
      : "Неверное контрольное число ИНН";
  }
  if (!digits(inn, 12)) return "ИНН индивидуального предпринимателя состоит из 12 цифр";
  const right =
    checkDigit(inn, INN12_FIRST_WEIGHTS) === Number(inn[10]) &&
    checkDigit(inn, INN12_SECOND_WEIGHTS) === Number(inn[11]);
  return right ? null : "Неверное контрольное число ИНН";
}

/**
 * OGRN of a legal entity (13 digits: the first 12 mod 11, mod 10) or OGRNIP
 * of an individual entrepreneur (15 digits: the first 14 mod 13, mod 10).
 * BigInt keeps the 14-digit remainder exact.
 */
export function checkOgrn(value: string, holder: RequisiteHolder): string | null {
  const ogrn = value.trim();
  const [length, modulus, label] =
    holder === "legal" ? [13, 11n, REQUISITE_LABELS.ogrn] : [15, 13n, REQUISITE_LABELS.ogrnip];
  if (!digits(ogrn, length)) return `${label} состоит из ${length} цифр`;
  const expected = (BigInt(ogrn.slice(0, -1)) % modulus) % 10n;
  return expected === BigInt(ogrn.slice(-1)) ? null : `Неверное контрольное число ${label}`;
}

/**
 * KPP: 9 characters, 4 digits (the tax office), 2 digits or capital Latin
 * letters (the reason), 3 digits (the number).
 */
export function checkKpp(value: string): string | null {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value.trim())
    ? null
    : "КПП состоит из 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры";
}

/** BIK of a Russian bank: 9 digits starting with 04. */
export function checkBik(value: string): string | null {
  const bik = value.trim();
  if (!digits(bik, 9)) return "БИК состоит из 9 цифр";
  return bik.startsWith("04") ? null : "БИК российского банка начинается с 04";
}

const ACCOUNT_WEIGHTS = [7, 1, 3];

/**
 * A settlement account: 20 digits whose control key agrees with the bank's
 * BIK (the Bank of Russia's rule: the last 3 digits of the BIK and the 20
 * of the account, weighted 7, 1, 3 in turn, sum to a multiple of 10). The
 * variant for correspondent accounts (0 and BIK digits 5–6 in front) is
 * not used: clients pay from settlement accounts.
 */
export function checkSettlementAccount(account: string, bik: string): string | null {
  const number = account.trim();
  if (!digits(number, 20)) return "Расчётный счёт состоит из 20 цифр";
  if (checkBik(bik)) return checkBik(bik);
  const keyed = bik.trim().slice(-3) + number;
  const sum = [...keyed].reduce(
    (total, digit, index) => total + ((Number(digit) * (ACCOUNT_WEIGHTS[index % 3] ?? 0)) % 10),
    0,
  );
  return sum % 10 === 0 ? null : "Расчётный счёт не сходится с БИК: проверьте оба номера";
}

/** The digits of a card number as printed (groups may be split by spaces). */
function cardDigits(value: string): string {
  return value.trim().replace(/ /g, "");
}

/** A card number: 16 to 19 digits passing the Luhn check. */
export function checkCardNumber(value: string): string | null {
  const number = cardDigits(value);
  if (!/^\d{16,19}$/.test(number)) return "Номер карты состоит из 16–19 цифр";
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0 ? null : "Неверный номер карты: проверьте цифры";
}

/** The last four digits of a card number. */
export function cardLastFour(value: string): string {
  return cardDigits(value).slice(-4);
}

/** A card number as it may be kept and shown: only its last four digits, e.g. •••• •••• •••• 4242. */
export function maskCardNumber(value: string): string {
  return `•••• •••• •••• ${cardLastFour(value)}`;
}

/**
 * A trimmed string checked by one of the checks above, whose message
 * becomes the zod issue's: a form and an API answer show the same text.
 */
export function requisiteSchema(check: (value: string) => string | null) {
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      const message = check(value);
      if (message) context.addIssue({ code: "custom", message });
    });
}
