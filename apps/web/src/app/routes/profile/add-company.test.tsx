import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { organizationsServer } from "../../../test/organizations-server.ts";
import {
  BANK,
  buildOrganization,
  CARD_NUMBER,
  LEGAL_REQUISITES,
  ORGANIZATION_ID,
} from "../../../test/profile-factories.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

type User = ReturnType<typeof userEvent.setup>;

async function fillLegal(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    await user.type(field, value);
  }
}

const RIGHT_LEGAL = {
  "Название организации": LEGAL_REQUISITES.company,
  ИНН: LEGAL_REQUISITES.inn,
  КПП: LEGAL_REQUISITES.kpp,
  ОГРН: LEGAL_REQUISITES.ogrn,
  "Юридический адрес": LEGAL_REQUISITES.organizationAddress,
};

describe("add company", () => {
  it("asks each empty requisite for what it needs and focuses the first", async () => {
    const user = userEvent.setup();
    const { backend, routes } = organizationsServer([], { addedId: ORGANIZATION_ID });
    renderSignedIn("role-client", "/profile/add-company", ...routes);
    const form = await screen.findByRole("form", { name: "Новая организация" }, { timeout: 5_000 });
    await user.click(screen.getByRole("button", { name: "Добавить организацию" }));
    for (const message of [
      "Введите название организации",
      "Введите ИНН",
      "Введите КПП",
      "Введите ОГРН",
      "Введите юридический адрес",
    ]) {
      expect(within(form).getByText(message)).toBeTruthy();
    }
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByLabelText("Название организации")),
    );
    expect(backend.added).toEqual([]);
  });

  it("names wrong requisites of a new organization and sends nothing", async () => {
    const user = userEvent.setup();
    const { backend, routes } = organizationsServer([], { addedId: ORGANIZATION_ID });
    renderSignedIn("role-client", "/profile/add-company", ...routes);
    await screen.findByRole("form", { name: "Новая организация" }, { timeout: 5_000 });
    await fillLegal(user, {
      ...RIGHT_LEGAL,
      ИНН: "770708389",
      КПП: "77360100A",
      ОГРН: "1027700132196",
    });
    await user.click(screen.getByRole("button", { name: "Добавить организацию" }));
    expect(screen.getByText("ИНН юридического лица состоит из 10 цифр")).toBeTruthy();
    expect(
      screen.getByText(
        "КПП состоит из 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Неверное контрольное число ОГРН")).toBeTruthy();
    expect(backend.added).toEqual([]);
  });

  it("shows the server's reason when it refuses the organization", async () => {
    const user = userEvent.setup();
    const { routes } = organizationsServer([], { addError: true, addedId: ORGANIZATION_ID });
    renderSignedIn("role-client", "/profile/add-company", ...routes);
    await screen.findByRole("form", { name: "Новая организация" }, { timeout: 5_000 });
    await fillLegal(user, RIGHT_LEGAL);
    await user.click(screen.getByRole("button", { name: "Добавить организацию" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Организация с таким ИНН уже добавлена",
    );
  });

  it("adds an organization, then a settlement account checked against its BIK", async () => {
    const user = userEvent.setup();
    const { backend, routes } = organizationsServer([], { addedId: ORGANIZATION_ID });
    const { router } = renderSignedIn("role-client", "/profile/add-company", ...routes);
    await screen.findByRole("form", { name: "Новая организация" }, { timeout: 5_000 });
    await fillLegal(user, RIGHT_LEGAL);
    await user.click(screen.getByRole("button", { name: "Добавить организацию" }));

    expect(await screen.findByText("Организация добавлена")).toBeTruthy();
    expect(backend.added).toEqual([{ type: "legal", ...LEGAL_REQUISITES }]);
    expect(await screen.findByText("Способы оплаты не добавлены")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Способы оплаты" })).toBeTruthy();
    expect(router.state.location.search).toBe(`?organization=${ORGANIZATION_ID}`);

    const form = screen.getByRole("form", { name: "Способ оплаты" });
    await user.type(within(form).getByLabelText("БИК"), "123456789");
    await user.type(within(form).getByLabelText("Номер расчётного счёта"), "40702810938000060473");
    await user.click(within(form).getByRole("button", { name: "Добавить счёт" }));
    expect(within(form).getByText("БИК российского банка начинается с 04")).toBeTruthy();
    await user.clear(within(form).getByLabelText("БИК"));
    await user.type(within(form).getByLabelText("БИК"), BANK.bik);
    expect(
      within(form).getByText("Расчётный счёт не сходится с БИК: проверьте оба номера"),
    ).toBeTruthy();
    await user.click(within(form).getByRole("button", { name: "Добавить счёт" }));
    expect(backend.methods).toEqual([]);

    await user.clear(within(form).getByLabelText("Номер расчётного счёта"));
    await user.type(within(form).getByLabelText("Номер расчётного счёта"), BANK.accountNumber);
    await user.type(within(form).getByLabelText("Название банка"), "ПАО Сбербанк");
    await user.click(within(form).getByRole("button", { name: "Добавить счёт" }));

    expect(await screen.findByText("Расчётный счёт добавлен")).toBeTruthy();
    expect(backend.methods).toEqual([
      { kind: "settlement-account", ...BANK, bankName: "ПАО Сбербанк" },
    ]);
    expect(await screen.findByText(BANK.accountNumber)).toBeTruthy();
    // A new, empty form for the next one.
    expect(
      within(screen.getByRole("form", { name: "Способ оплаты" })).getByLabelText<HTMLInputElement>(
        "БИК",
      ).value,
    ).toBe("");
  });

  it("adds a business card to an organization; only its masked number comes back", async () => {
    const user = userEvent.setup();
    const { backend, routes } = organizationsServer([
      buildOrganization({ userId: SIGNED_IN_USER_ID }),
    ]);
    renderSignedIn(
      "role-client",
      `/profile/add-company?organization=${ORGANIZATION_ID}`,
      ...routes,
    );
    const form = await screen.findByRole("form", { name: "Способ оплаты" }, { timeout: 5_000 });
    await user.click(within(form).getByLabelText("Бизнес-карта"));
    expect(within(form).getByText(/Полный номер карты не хранится/)).toBeTruthy();
    await user.type(within(form).getByLabelText("Номер карты"), "4111111111111112");
    await user.click(within(form).getByRole("button", { name: "Добавить карту" }));
    expect(within(form).getByText("Неверный номер карты: проверьте цифры")).toBeTruthy();
    expect(backend.methods).toEqual([]);

    await user.clear(within(form).getByLabelText("Номер карты"));
    await user.type(within(form).getByLabelText("Номер карты"), CARD_NUMBER.replace(/ /g, ""));
    await user.click(within(form).getByRole("button", { name: "Добавить карту" }));
    expect(
      await screen.findByText("Карта добавлена: сохранены только последние четыре цифры"),
    ).toBeTruthy();
    expect(backend.methods).toEqual([{ kind: "business-card", cardNumber: CARD_NUMBER }]);
    expect(await screen.findByText("•••• •••• •••• 1111")).toBeTruthy();
    expect(screen.queryByText(CARD_NUMBER)).toBeNull();
  });

  it("'Готово' leads back where the visit started (?returnTo=)", async () => {
    const user = userEvent.setup();
    const { routes } = organizationsServer([buildOrganization({ userId: SIGNED_IN_USER_ID })]);
    const tariffPage = "/detail-tariff/00000000-0000-4000-8000-00000000aa01?establishmentId=x";
    const { router } = renderSignedIn(
      "role-client",
      `/profile/add-company?organization=${ORGANIZATION_ID}&returnTo=${encodeURIComponent(tariffPage)}`,
      ...routes,
    );
    await user.click(await screen.findByRole("link", { name: "Готово" }, { timeout: 5_000 }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(tariffPage);
  });

  it("never leaves the site by ?returnTo=: another host leads to the legal list", async () => {
    const user = userEvent.setup();
    const { routes } = organizationsServer([buildOrganization({ userId: SIGNED_IN_USER_ID })]);
    const { router } = renderSignedIn(
      "role-client",
      `/profile/add-company?organization=${ORGANIZATION_ID}&returnTo=${encodeURIComponent("//evil.example/x")}`,
      ...routes,
    );
    await user.click(await screen.findByRole("link", { name: "Готово" }, { timeout: 5_000 }));
    expect(router.state.location.pathname).toBe("/profile/legal-list");
  });

  it("says when the organization to add a payment method to is not there", async () => {
    const { routes } = organizationsServer([]);
    renderSignedIn(
      "role-client",
      `/profile/add-company?organization=${ORGANIZATION_ID}`,
      ...routes,
    );
    expect(await screen.findByText("Организация не найдена", {}, { timeout: 5_000 })).toBeTruthy();
  });
});
