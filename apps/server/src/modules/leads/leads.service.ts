import { randomUUID } from "node:crypto";
import { type Lead, type LeadForm, normalizePhone } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import { type Page, toPage } from "../../lib/paging.ts";
import { leadErrors } from "./leads.errors.ts";
import { assertMayListLeads } from "./leads.policy.ts";
import type { LeadRow } from "./leads.repository.ts";
import type { LeadsStore } from "./leads.store.ts";

/** What the leads need of the forwarding worker (the LeadForwarder, when a webhook is set). */
export interface LeadForwardingPort {
  enabled: boolean;
  wake(): void;
}

/**
 * The landing page leads: stored first, then forwarded to the CRM webhook
 * by the outbox when one is configured (`forwarding`), listed for the admin.
 */
export class LeadsService {
  constructor(
    private readonly store: LeadsStore,
    private readonly forwarding: LeadForwardingPort,
    private readonly log: ServiceLog,
  ) {}

  /**
   * Keeps a lead sent from the landing page (open to everyone; the route
   * limits how often one address may send) and wakes the forwarder. The
   * lead is safe once this answers, whether or not the webhook is up. The
   * phone is stored as 11 digits (normalizePhone); one that is not a phone
   * number is refused. A form with the honeypot `website` filled is a bot's:
   * it gets the same answer as a person, with an id that names nothing, and
   * is neither stored nor forwarded.
   */
  async sendLeadForm(form: LeadForm, ip: string): Promise<{ id: string }> {
    if (form.website?.trim()) {
      this.log.info({ ip }, "lead form with the honeypot filled: dropped as a bot's");
      return { id: randomUUID() };
    }
    const phone = normalizePhone(form.phone);
    if (!phone) throw leadErrors.invalidPhone();
    const lead = await this.store.leads.insertLead({
      name: form.name,
      phone,
      company: form.company,
      ip,
      status: this.forwarding.enabled ? "pending" : "stored",
      nextAttemptAt: this.forwarding.enabled ? new Date() : null,
    });
    this.forwarding.wake();
    return { id: lead.id };
  }

  /** One page of the leads, newest first; admin only. */
  async listLeads(actor: Actor, paging: { page: number; count: number }): Promise<Page<Lead>> {
    assertMayListLeads(actor);
    const { rows, total } = await this.store.leads.listLeads({
      offset: paging.page * paging.count,
      limit: paging.count,
    });
    return toPage(rows.map(presentLead), total, paging.count);
  }
}

/** What of a lead leaves the server: not the sender's IP address. */
function presentLead(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    company: row.company,
    createdAt: row.createdAt.toISOString(),
    status: row.status as Lead["status"],
    attempts: row.attempts,
    lastError: row.lastError,
    forwardedAt: row.forwardedAt?.toISOString() ?? null,
  };
}
