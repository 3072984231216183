import type { Organization } from "@fonika/shared";

/** The payers of the subscription form: what it chooses at first and offers. */

export interface PaymentOption {
  value: string;
  label: string;
}

/** A settlement account's or business card's line in the payment method list. */
export function paymentOptionsOf(organization: Organization | undefined): PaymentOption[] {
  if (!organization) return [];
  return [
    ...organization.accounts.map((account) => ({
      value: account.id,
      label: `Расчётный счёт •• ${account.accountNumber.slice(-4)}${account.bankName ? `, ${account.bankName}` : `, БИК ${account.bik}`}`,
    })),
    ...organization.cards.map((card) => ({
      value: card.id,
      label: `Бизнес-карта ${card.maskedNumber}`,
    })),
  ];
}

/** The organization to pay through at first: one that can pay, else the profile's own, else the first. */
export function firstPayerOf(organizations: readonly Organization[]): Organization | undefined {
  return (
    organizations.find((organization) => paymentOptionsOf(organization).length > 0) ??
    organizations.find((organization) => organization.primary) ??
    organizations[0]
  );
}

/** How many payment methods an organization holds. */
function methodCount(organization: Organization): number {
  return organization.accounts.length + organization.cards.length;
}

/**
 * The organizations as the form knows them: those given, each replaced by
 * the answer of a payment method just added when that answer is newer, and
 * those just added in place; so the new choice shows before the list is
 * fetched again.
 */
export function withAdded(
  organizations: readonly Organization[],
  added: ReadonlyMap<string, Organization>,
): Organization[] {
  const merged = organizations.map((organization) => {
    const fresh = added.get(organization.id);
    return fresh && methodCount(fresh) > methodCount(organization) ? fresh : organization;
  });
  const known = new Set(organizations.map((organization) => organization.id));
  return [...merged, ...[...added.values()].filter((organization) => !known.has(organization.id))];
}
