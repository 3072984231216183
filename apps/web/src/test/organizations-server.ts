import {
  cardLastFour,
  maskCardNumber,
  type Organization,
  type OrganizationInput,
  organizationsApi,
  type PaymentMethodInput,
} from "@fonika/shared";
import { on, replyError } from "./scripted-server.ts";
import { SIGNED_IN_USER_ID } from "./signed-in-app.tsx";
import { buildOrganization } from "./tariffs-factories.ts";

/** The ids the scripted server gives a settlement account and a business card it adds. */
export const ADDED_ACCOUNT_ID = "00000000-0000-4000-8000-0000000000b1";
export const ADDED_CARD_ID = "00000000-0000-4000-8000-0000000000b2";

/**
 * The signed-in client's organizations as the server keeps them: an
 * organization or a payment method added changes what the next list
 * answers, and what was sent is kept for the test to read. With
 * `addError`, adding an organization is refused as a duplicate INN;
 * `addedId` is the id an added organization gets.
 */
export function organizationsServer(
  organizations: Organization[] = [],
  options: { addError?: boolean; addedId?: string } = {},
) {
  const backend = {
    organizations,
    added: [] as OrganizationInput[],
    methods: [] as PaymentMethodInput[],
  };
  const routes = [
    on(organizationsApi.listOrganizations, ({ reply }) => reply({ data: backend.organizations })),
    on(organizationsApi.addOrganization, ({ body, reply }) => {
      backend.added.push(body);
      if (options.addError) {
        return replyError(409, {
          type: "duplicate-entry-error",
          reason: "Организация с таким ИНН уже добавлена",
          message: "The client already has an organization with this INN",
        });
      }
      const made = buildOrganization({
        ...(options.addedId ? { id: options.addedId } : {}),
        userId: SIGNED_IN_USER_ID,
        ...body,
        kpp: body.kpp ?? null,
        primary: backend.organizations.length === 0,
        accounts: [],
        cards: [],
      });
      backend.organizations = [...backend.organizations, made];
      return reply(made);
    }),
    on(organizationsApi.addPaymentMethod, ({ params, body, reply }) => {
      backend.methods.push(body);
      const organization = backend.organizations.find(
        (entry) => entry.id === params.organizationId,
      );
      if (!organization) throw new Error("No such organization in the test");
      const changed: Organization =
        body.kind === "settlement-account"
          ? {
              ...organization,
              accounts: [
                ...organization.accounts,
                {
                  id: ADDED_ACCOUNT_ID,
                  bik: body.bik,
                  accountNumber: body.accountNumber,
                  bankName: body.bankName ?? null,
                },
              ],
            }
          : {
              ...organization,
              cards: [
                ...organization.cards,
                {
                  id: ADDED_CARD_ID,
                  maskedNumber: maskCardNumber(body.cardNumber),
                  lastFour: cardLastFour(body.cardNumber),
                  holder: body.holder ?? null,
                },
              ],
            };
      backend.organizations = backend.organizations.map((entry) =>
        entry.id === changed.id ? changed : entry,
      );
      return reply(changed);
    }),
  ];
  return { backend, routes };
}
