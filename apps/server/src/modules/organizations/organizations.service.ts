import {
  cardLastFour,
  MESSAGES,
  maskCardNumber,
  type Organization,
  type OrganizationInput,
  type PaymentMethodInput,
} from "@fonika/shared";
import type { Executor } from "../../db/client.ts";
import type { Actor } from "../../kernel/actor.ts";
import { isClientAccount } from "../../lib/client-access.ts";
import { organizationErrors } from "./organizations.errors.ts";
import {
  assertMayChangeOrganizations,
  assertMayReadOrganizations,
  organizationAbilities,
} from "./organizations.policy.ts";
import type {
  OrganizationFields,
  OrganizationRow,
  PaymentMethodRow,
} from "./organizations.repository.ts";
import { OrganizationsStore } from "./organizations.store.ts";

/** What organizations need of other modules; app.ts wires them. */
export interface OrganizationPorts {
  /** The account of a user id (accounts): only clients keep organizations. */
  findAccount(userId: string): Promise<{ authority: string[]; status: string } | undefined>;
  /** Which organizations and payment methods a subscription that has not ended uses. */
  subscriptionUsage(
    organizationIds: string[],
  ): Promise<{ organizations: Set<string>; paymentMethods: Set<string> }>;
}

export interface OrganizationsDependencies extends OrganizationPorts {
  store: OrganizationsStore;
}

/** A payer as a subscription records it. */
export interface Payer {
  organizationId: string;
  organizationName: string;
  paymentMethodId: string;
  kind: "settlement-account" | "business-card";
}

/**
 * Organizations: the legal entities and individual entrepreneurs a client
 * pays through, with their settlement accounts and business cards. The
 * first one a client fills in is the profile's organization-info.
 */
export class OrganizationsService {
  constructor(private readonly deps: OrganizationsDependencies) {}

  /** The profile's organization-info: the client's primary organization. */
  async getPrimary(actor: Actor, clientId: string): Promise<Organization> {
    assertMayReadOrganizations(actor, clientId);
    const row = await this.deps.store.organizations.findPrimaryOrganization(clientId);
    if (!row) throw organizationErrors.notFilled();
    return this.presentOne(actor, row);
  }

  /** Fills in or changes the primary organization (organization-info change). */
  async changePrimary(
    actor: Actor,
    clientId: string,
    input: OrganizationInput,
  ): Promise<Organization> {
    assertMayChangeOrganizations(actor, clientId);
    await this.assertClient(clientId);
    const row = await this.deps.store.withTx(async (tx) => {
      const primary = await tx.organizations.findPrimaryOrganization(clientId);
      if (await tx.organizations.innTaken(clientId, input.inn, primary?.id ?? null)) {
        throw organizationErrors.innTaken();
      }
      return primary
        ? tx.organizations.updateOrganization(primary.id, fieldsOf(input))
        : tx.organizations.insertOrganization(clientId, fieldsOf(input), true);
    });
    if (!row) throw organizationErrors.innTaken();
    return this.presentOne(actor, row);
  }

  async list(actor: Actor, clientId: string): Promise<Organization[]> {
    assertMayReadOrganizations(actor, clientId);
    await this.assertClient(clientId);
    return this.present(actor, await this.deps.store.organizations.listOrganizations(clientId));
  }

  /** Adds an organization; the client's first one becomes the profile's own. */
  async add(actor: Actor, clientId: string, input: OrganizationInput): Promise<Organization> {
    assertMayChangeOrganizations(actor, clientId);
    await this.assertClient(clientId);
    const row = await this.deps.store.withTx(async (tx) => {
      if (await tx.organizations.innTaken(clientId, input.inn, null)) {
        throw organizationErrors.innTaken();
      }
      const primary = await tx.organizations.findPrimaryOrganization(clientId);
      return tx.organizations.insertOrganization(clientId, fieldsOf(input), !primary);
    });
    if (!row) throw organizationErrors.innTaken();
    return this.presentOne(actor, row);
  }

  async change(
    actor: Actor,
    clientId: string,
    id: string,
    input: OrganizationInput,
  ): Promise<Organization> {
    assertMayChangeOrganizations(actor, clientId);
    const row = await this.deps.store.withTx(async (tx) => {
      const found = await tx.organizations.findOrganization(clientId, id, { lock: true });
      if (!found) throw organizationErrors.notFound();
      if (await tx.organizations.innTaken(clientId, input.inn, id)) {
        throw organizationErrors.innTaken();
      }
      return tx.organizations.updateOrganization(id, fieldsOf(input));
    });
    if (!row) throw organizationErrors.notFound();
    return this.presentOne(actor, row);
  }

  /**
   * Removes an organization no live subscription pays through; when it was
   * the profile's own, the oldest remaining one takes its place.
   */
  async remove(actor: Actor, clientId: string, id: string): Promise<void> {
    assertMayChangeOrganizations(actor, clientId);
    // Asked before the transaction: subscriptions read outside it (an
    // embedded database has one connection).
    const usage = await this.deps.subscriptionUsage([id]);
    await this.deps.store.withTx(async (tx) => {
      const found = await tx.organizations.findOrganization(clientId, id, { lock: true });
      if (!found) throw organizationErrors.notFound();
      if (usage.organizations.has(id)) throw organizationErrors.inUse();
      await tx.organizations.removeOrganization(id, new Date());
      if (found.primary) {
        const [next] = await tx.organizations.listOrganizations(clientId);
        if (next) await tx.organizations.markPrimary(next.id);
      }
    });
  }

  /**
   * Adds a settlement account (its number checked against the BIK by the
   * contract) or a business card, of which only the masked number is kept.
   */
  async addPaymentMethod(
    actor: Actor,
    clientId: string,
    organizationId: string,
    input: PaymentMethodInput,
  ): Promise<Organization> {
    assertMayChangeOrganizations(actor, clientId);
    const organization = await this.find(clientId, organizationId);
    if (input.kind === "settlement-account") {
      await this.deps.store.organizations.insertPaymentMethod({
        organizationId,
        kind: input.kind,
        bik: input.bik,
        accountNumber: input.accountNumber,
        bankName: input.bankName || null,
      });
    } else {
      await this.deps.store.organizations.insertPaymentMethod({
        organizationId,
        kind: input.kind,
        cardMasked: maskCardNumber(input.cardNumber),
        cardLastFour: cardLastFour(input.cardNumber),
        cardHolder: input.holder || null,
      });
    }
    return this.presentOne(actor, organization);
  }

  async removePaymentMethod(
    actor: Actor,
    clientId: string,
    organizationId: string,
    paymentMethodId: string,
  ): Promise<Organization> {
    assertMayChangeOrganizations(actor, clientId);
    const organization = await this.find(clientId, organizationId);
    const usage = await this.deps.subscriptionUsage([organizationId]);
    if (usage.paymentMethods.has(paymentMethodId)) throw organizationErrors.paymentMethodInUse();
    const removed = await this.deps.store.organizations.removePaymentMethod(
      organizationId,
      paymentMethodId,
      new Date(),
    );
    if (!removed) throw organizationErrors.paymentMethodNotFound();
    return this.presentOne(actor, organization);
  }

  /**
   * The payer a subscription of the client would record: the client's own
   * organization and one of its payment methods; undefined when either is
   * not theirs (subscriptions' port).
   */
  async findPayer(
    clientId: string,
    organizationId: string,
    paymentMethodId: string,
  ): Promise<Payer | undefined> {
    const organization = await this.deps.store.organizations.findOrganization(
      clientId,
      organizationId,
    );
    if (!organization) return undefined;
    const methods = await this.deps.store.organizations.listPaymentMethods([organizationId]);
    const method = methods.find((row) => row.id === paymentMethodId);
    if (!method) return undefined;
    return {
      organizationId,
      organizationName: organization.company,
      paymentMethodId,
      kind: method.kind === "business-card" ? "business-card" : "settlement-account",
    };
  }

  /** Company names by organization id (subscriptions' port); an erased one is 'Удалённый клиент'. */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    const names = await this.deps.store.organizations.namesOf(ids);
    return new Map([...names].map(([id, name]) => [id, name || MESSAGES.deletedClient]));
  }

  /**
   * Forgets a deleted client's organizations and payment methods inside the
   * deletion's transaction (accounts' port); nothing is left to do after it.
   */
  async forgetClient(tx: Executor, clientId: string, at: Date): Promise<() => Promise<void>> {
    await new OrganizationsStore(tx).organizations.eraseOrganizationsOfUser(clientId, at);
    return async () => {};
  }

  /** Whether each payment method is a card or an account (subscriptions' port). */
  async kindsOf(ids: string[]): Promise<Map<string, Payer["kind"]>> {
    const kinds = await this.deps.store.organizations.kindsOf(ids);
    return new Map(
      [...kinds].map(([id, kind]) => [
        id,
        kind === "business-card" ? "business-card" : "settlement-account",
      ]),
    );
  }

  private async find(clientId: string, id: string): Promise<OrganizationRow> {
    const row = await this.deps.store.organizations.findOrganization(clientId, id);
    if (!row) throw organizationErrors.notFound();
    return row;
  }

  /** Only clients keep organizations; any other id is answered as no client. */
  private async assertClient(clientId: string): Promise<void> {
    const account = await this.deps.findAccount(clientId);
    if (!account || !isClientAccount(account)) throw organizationErrors.clientNotFound();
  }

  private async presentOne(actor: Actor, row: OrganizationRow): Promise<Organization> {
    const [one] = await this.present(actor, [row]);
    if (!one) throw organizationErrors.notFound();
    return one;
  }

  private async present(actor: Actor, rows: OrganizationRow[]): Promise<Organization[]> {
    const ids = rows.map((row) => row.id);
    const [methods, usage] = await Promise.all([
      this.deps.store.organizations.listPaymentMethods(ids),
      ids.length
        ? this.deps.subscriptionUsage(ids)
        : { organizations: new Set<string>(), paymentMethods: new Set<string>() },
    ]);
    return rows.map((row) => presentOrganization(actor, row, methods, usage.organizations));
  }
}

function fieldsOf(input: OrganizationInput): OrganizationFields {
  return {
    type: input.type,
    company: input.company,
    inn: input.inn,
    kpp: input.type === "legal" ? input.kpp || null : null,
    ogrn: input.ogrn,
    address: input.organizationAddress,
  };
}

function presentOrganization(
  actor: Actor,
  row: OrganizationRow,
  methods: PaymentMethodRow[],
  inUse: Set<string>,
): Organization {
  const own = methods.filter((method) => method.organizationId === row.id);
  return {
    id: row.id,
    userId: row.userId,
    type: row.type === "individual" ? "individual" : "legal",
    company: row.company,
    inn: row.inn,
    kpp: row.kpp,
    ogrn: row.ogrn,
    organizationAddress: row.address,
    companyName: row.company,
    primary: row.primary,
    accounts: own
      .filter((method) => method.kind === "settlement-account")
      .map((method) => ({
        id: method.id,
        bik: method.bik ?? "",
        accountNumber: method.accountNumber ?? "",
        bankName: method.bankName,
      })),
    cards: own
      .filter((method) => method.kind === "business-card")
      .map((method) => ({
        id: method.id,
        maskedNumber: method.cardMasked ?? "",
        lastFour: method.cardLastFour ?? "",
        holder: method.cardHolder,
      })),
    createdAt: row.createdAt.toISOString(),
    abilities: organizationAbilities(actor, row.userId, inUse.has(row.id)),
  };
}
