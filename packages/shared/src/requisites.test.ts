import { describe, expect, it } from "vitest";
import {
  cardLastFour,
  checkBik,
  checkCardNumber,
  checkInn,
  checkKpp,
  checkOgrn,
  checkSettlementAccount,
  maskCardNumber,
  requisiteSchema,
} from "./requisites.ts";

/**
 * Real, public requisites: Sberbank (INN 7707083893, OGRN 1027700132195,
 * KPP 773601001, BIK 044525225) and an entrepreneur's INN and OGRNIP; the
 * settlement accounts were computed for Sberbank's BIK by the Bank of
 * Russia's key rule.
 */
describe("requisites", () => {
  it("accepts valid numbers and names what is wrong with the rest", () => {
    const cases: Array<[string, string | null, string | null]> = [
      ["legal INN", checkInn("7707083893", "legal"), null],
      ["legal INN, other", checkInn("7736207543", "legal"), null],
      ["legal INN, wrong digit", checkInn("7707083894", "legal"), "Неверное контрольное число ИНН"],
      [
        "legal INN, short",
        checkInn("770708389", "legal"),
        "ИНН юридического лица состоит из 10 цифр",
      ],
      [
        "legal INN, letters",
        checkInn("77070838AB", "legal"),
        "ИНН юридического лица состоит из 10 цифр",
      ],
      ["individual INN", checkInn("500100732259", "individual"), null],
      [
        "individual INN, wrong",
        checkInn("500100732258", "individual"),
        "Неверное контрольное число ИНН",
      ],
      [
        "individual INN, 10 digits",
        checkInn("7707083893", "individual"),
        "ИНН индивидуального предпринимателя состоит из 12 цифр",
      ],
      ["OGRN", checkOgrn("1027700132195", "legal"), null],
      ["OGRN, wrong", checkOgrn("1027700132196", "legal"), "Неверное контрольное число ОГРН"],
      ["OGRN, long", checkOgrn("304500116000157", "legal"), "ОГРН состоит из 13 цифр"],
      ["OGRNIP", checkOgrn("304500116000157", "individual"), null],
      [
        "OGRNIP, wrong",
        checkOgrn("304500116000158", "individual"),
        "Неверное контрольное число ОГРНИП",
      ],
      ["OGRNIP, short", checkOgrn("1027700132195", "individual"), "ОГРНИП состоит из 15 цифр"],
      ["KPP", checkKpp("773601001"), null],
      ["KPP with letters", checkKpp("7736AB001"), null],
      ["KPP, short", checkKpp("77360100"), expect.stringContaining("КПП") as unknown as string],
      [
        "KPP, small letters",
        checkKpp("7736ab001"),
        expect.stringContaining("КПП") as unknown as string,
      ],
      ["BIK", checkBik("044525225"), null],
      ["BIK, short", checkBik("04452522"), "БИК состоит из 9 цифр"],
      ["BIK, foreign", checkBik("123456789"), "БИК российского банка начинается с 04"],
      ["account", checkSettlementAccount("40702810200000000001", "044525225"), null],
      ["account, other", checkSettlementAccount("40702810500000000002", "044525225"), null],
      [
        "account, wrong key",
        checkSettlementAccount("40702810300000000001", "044525225"),
        "Расчётный счёт не сходится с БИК: проверьте оба номера",
      ],
      [
        "account, short",
        checkSettlementAccount("4070281020000000000", "044525225"),
        "Расчётный счёт состоит из 20 цифр",
      ],
      ["card", checkCardNumber("4242 4242 4242 4242"), null],
      ["card, 19 digits", checkCardNumber("6250941006528599057"), null],
      [
        "card, wrong digit",
        checkCardNumber("4242424242424241"),
        "Неверный номер карты: проверьте цифры",
      ],
      ["card, short", checkCardNumber("4242"), "Номер карты состоит из 16–19 цифр"],
      [
        "card, letters",
        checkCardNumber("4242 4242 4242 424a"),
        "Номер карты состоит из 16–19 цифр",
      ],
    ];
    const wrong = cases.filter(([, actual, expected]) => {
      try {
        expect(actual).toEqual(expected);
        return false;
      } catch {
        return true;
      }
    });
    expect(wrong.map(([name, actual]) => `${name}: ${actual}`)).toEqual([]);
  });

  it("keeps only the last four digits of a card", () => {
    expect(maskCardNumber("4242 4242 4242 4242")).toBe("•••• •••• •••• 4242");
    expect(cardLastFour("5555555555554444")).toBe("4444");
  });

  it("gives a form the check's own message", () => {
    const schema = requisiteSchema((value) => checkInn(value, "legal"));
    expect(schema.safeParse(" 7707083893 ").data).toBe("7707083893");
    expect(schema.safeParse("7707083894").error?.issues[0]?.message).toBe(
      "Неверное контрольное число ИНН",
    );
  });
});
