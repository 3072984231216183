import { accountsApi, organizationsApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildProfile } from "../../../test/factories.ts";
import {
  buildBusinessCard,
  buildOrganization,
  buildSettlementAccount,
  INDIVIDUAL_REQUISITES,
} from "../../../test/profile-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

type OrganizationBody = ReturnType<typeof buildOrganization>;

const clientId = "00000000-0000-4000-8000-0000000000c9";
const entrepreneurId = "00000000-0000-4000-8000-0000000000f2";

/** A legal entity with an account and a card, and an entrepreneur a subscription pays through. */
function twoOrganizations(userId: string): OrganizationBody[] {
  return [
    buildOrganization({
      userId,
      accounts: [buildSettlementAccount()],
      cards: [buildBusinessCard({ holder: "ANNA IVANOVA" })],
    }),
    buildOrganization({
      id: entrepreneurId,
      userId,
      type: "individual",
      ...INDIVIDUAL_REQUISITES,
      kpp: null,
      primary: false,
      abilities: { edit: true, remove: false },
    }),
  ];
}

/** The legal list over a scripted server keeping the organizations and what is removed. */
function legalListServer(
  organizations: OrganizationBody[],
  options: { methodRemovalError?: boolean; profileEdit?: boolean } = {},
) {
  const backend = {
    organizations,
    removedOrganizations: [] as string[],
    removedMethods: [] as string[],
  };
  const routes = [
    on(organizationsApi.listOrganizations, ({ reply }) => reply({ data: backend.organizations })),
    on(accountsApi.getPersonalInfo, ({ params, reply }) =>
      reply(
        buildProfile({
          userId: params.userId,
          abilities: { ...buildProfile().abilities, edit: options.profileEdit ?? true },
        }),
      ),
    ),
    on(organizationsApi.removeOrganization, ({ params, reply }) => {
      backend.removedOrganizations.push(params.organizationId);
      backend.organizations = backend.organizations.filter(
        (organization) => organization.id !== params.organizationId,
      );
      return reply({ ok: true });
    }),
    on(organizationsApi.removePaymentMethod, ({ params, reply }) => {
      backend.removedMethods.push(params.paymentMethodId);
      if (options.methodRemovalError) {
        return replyError(409, {
          type: "conflict",
          reason: "Этим способом оплачивается подписка: сначала завершите или измените её",
          message: "A subscription that has not ended pays with it",
        });
      }
      const organization = backend.organizations.find(
        (entry) => entry.id === params.organizationId,
      );
      if (!organization) throw new Error("No such organization in the test");
      const changed = {
        ...organization,
        accounts: organization.accounts.filter((entry) => entry.id !== params.paymentMethodId),
        cards: organization.cards.filter((entry) => entry.id !== params.paymentMethodId),
      };
      backend.organizations = backend.organizations.map((entry) =>
        entry.id === changed.id ? changed : entry,
      );
      return reply(changed);
    }),
  ];
  return { backend, routes };
}

function cardOf(name: string): HTMLElement {
  const card = screen.getByRole("article", { name });
  return card;
}

describe("legal list", () => {
  it("shows each organization as a card with its requisites and payment methods", async () => {
    const { routes } = legalListServer(twoOrganizations(SIGNED_IN_USER_ID));
    renderSignedIn("role-client", "/profile/legal-list", ...routes);

    expect(
      await screen.findByRole("article", { name: "ООО «Ромашка»" }, { timeout: 5_000 }),
    ).toBeTruthy();
    const legal = within(cardOf("ООО «Ромашка»"));
    expect(legal.getByText("Основная")).toBeTruthy();
    expect(legal.getByText("7707083893")).toBeTruthy();
    expect(legal.getByText("773601001")).toBeTruthy();
    expect(legal.getByText("40702810938000060478")).toBeTruthy();
    expect(legal.getByText("•••• •••• •••• 1111")).toBeTruthy();
    expect(legal.getByRole("button", { name: "Удалить организацию ООО «Ромашка»" })).toBeTruthy();
    expect(
      legal
        .getByRole("link", { name: "Добавить способ оплаты: ООО «Ромашка»" })
        .getAttribute("href"),
    ).toBe("/profile/add-company?organization=00000000-0000-4000-8000-0000000000f1");

    const entrepreneur = within(cardOf(INDIVIDUAL_REQUISITES.company));
    expect(entrepreneur.getByText("ОГРНИП")).toBeTruthy();
    expect(entrepreneur.queryByText("КПП")).toBeNull();
    expect(entrepreneur.getByText("Способы оплаты не добавлены")).toBeTruthy();
    // A subscription pays through it: the server gives no removal.
    expect(entrepreneur.queryByRole("button", { name: /Удалить организацию/ })).toBeNull();
    expect(entrepreneur.getByText("Через неё оплачивается подписка")).toBeTruthy();

    expect(screen.getByRole("link", { name: "Добавить организацию" }).getAttribute("href")).toBe(
      "/profile/add-company",
    );
  });

  it("removes an organization after asking", async () => {
    const user = userEvent.setup();
    const { backend, routes } = legalListServer(twoOrganizations(SIGNED_IN_USER_ID));
    renderSignedIn("role-client", "/profile/legal-list", ...routes);
    await user.click(
      await screen.findByRole(
        "button",
        { name: "Удалить организацию ООО «Ромашка»" },
        { timeout: 5_000 },
      ),
    );
    const dialog = screen.getByRole("dialog", { name: "Удалить организацию?" });
    await user.click(within(dialog).getByRole("button", { name: "Удалить" }));

    expect(await screen.findByText("Организация удалена")).toBeTruthy();
    expect(backend.removedOrganizations).toEqual(["00000000-0000-4000-8000-0000000000f1"]);
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "ООО «Ромашка»" })).toBeNull(),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("removes a payment method; the server's refusal shows in the dialog", async () => {
    const user = userEvent.setup();
    const { backend, routes } = legalListServer(twoOrganizations(SIGNED_IN_USER_ID), {
      methodRemovalError: true,
    });
    renderSignedIn("role-client", "/profile/legal-list", ...routes);
    await user.click(
      await screen.findByRole(
        "button",
        { name: "Удалить карту •••• •••• •••• 1111" },
        { timeout: 5_000 },
      ),
    );
    const dialog = screen.getByRole("dialog", { name: "Удалить способ оплаты?" });
    await user.click(within(dialog).getByRole("button", { name: "Удалить" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Этим способом оплачивается подписка: сначала завершите или измените её",
    );
    expect(backend.removedMethods).toEqual(["00000000-0000-4000-8000-0000000000a8"]);
    expect(within(cardOf("ООО «Ромашка»")).getByText("•••• •••• •••• 1111")).toBeTruthy();
  });

  it("removes a settlement account", async () => {
    const user = userEvent.setup();
    const { routes } = legalListServer(twoOrganizations(SIGNED_IN_USER_ID));
    renderSignedIn("role-client", "/profile/legal-list", ...routes);
    await user.click(
      await screen.findByRole(
        "button",
        { name: "Удалить счёт 40702810938000060478" },
        { timeout: 5_000 },
      ),
    );
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Удалить" }));
    expect(await screen.findByText("Способ оплаты удалён")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("40702810938000060478")).toBeNull());
  });

  it("invites to add the first organization", async () => {
    const { routes } = legalListServer([]);
    renderSignedIn("role-client", "/profile/legal-list", ...routes);
    expect(
      await screen.findByText("Организации не добавлены", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Добавить организацию" }).getAttribute("href")).toBe(
      "/profile/add-company",
    );
  });

  it("shows support a client's organizations read-only, as the abilities say", async () => {
    const readOnly = twoOrganizations(clientId).map((organization) => ({
      ...organization,
      abilities: { edit: false, remove: false },
    }));
    const { routes } = legalListServer(readOnly, { profileEdit: false });
    renderSignedIn("role-support", `/profile/legal-list?clientId=${clientId}`, ...routes);
    expect(
      await screen.findByRole("article", { name: "ООО «Ромашка»" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Удалить/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /Добавить/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Профиль клиента" }).getAttribute("href")).toBe(
      `/profile/${clientId}`,
    );
  });

  it("keeps ?returnTo= in its links to add a payment method, and its back link leads there", async () => {
    const user = userEvent.setup();
    const { routes } = legalListServer(twoOrganizations(SIGNED_IN_USER_ID));
    const origin = "/detail-tariff/00000000-0000-4000-8000-00000000aa01";
    const { router } = renderSignedIn(
      "role-client",
      `/profile/legal-list?returnTo=${encodeURIComponent(origin)}`,
      ...routes,
    );
    const [addMethod] = await screen.findAllByRole("link", { name: /Добавить способ оплаты/ });
    expect(
      new URL(addMethod?.getAttribute("href") ?? "", "http://x").searchParams.get("returnTo"),
    ).toBe(origin);
    await user.click(screen.getByRole("link", { name: "Назад" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(origin));
  });

  it("says why the list could not be loaded", async () => {
    renderSignedIn(
      "role-client",
      "/profile/legal-list",
      on(organizationsApi.listOrganizations, () =>
        replyError(404, {
          type: "not-found",
          reason: "Клиент не найден",
          message: "No client account with this id",
        }),
      ),
    );
    expect(await screen.findByText("Клиент не найден", {}, { timeout: 5_000 })).toBeTruthy();
  });
});
