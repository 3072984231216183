import type { Lead, LeadForm } from "@fonika/shared";
import type { Database } from "../../db/client.ts";
import type { Actor } from "../../plugins/auth.ts";
import { assertMayListLeads } from "./integration.policy.ts";
import { insertLead, type LeadRow, listLeads } from "./integration.repository.ts";
import type { LeadForwarder } from "./lead-forwarder.ts";

export interface Paged<T> {
  data: T[];
  total: number;
  totalPages: number;
}

/**
 * The landing page leads: stored first, then forwarded to the CRM webhook
 * by the outbox when one is configured (`forwarder`), listed for the admin.
 */
export class IntegrationService {
  constructor(
    private readonly db: Database,
    private readonly forwarder: LeadForwarder | undefined,
  ) {}

  /**
   * Keeps a lead sent from the landing page (open to everyone; the route
   * limits how often one address may send) and wakes the forwarder. The
   * lead is safe once this answers, whether or not the webhook is up.
   */
  async sendLeadForm(form: LeadForm, ip: string): Promise<{ id: string }> {
    const lead = await insertLead(this.db, {
      ...form,
      ip,
      status: this.forwarder ? "pending" : "stored",
      nextAttemptAt: this.forwarder ? new Date() : null,
    });
    this.forwarder?.wake();
    return { id: lead.id };
  }

  /** One page of the leads, newest first; admin only. */
  async listLeads(actor: Actor, paging: { page: number; count: number }): Promise<Paged<Lead>> {
    assertMayListLeads(actor);
    const { rows, total } = await listLeads(this.db, {
      offset: paging.page * paging.count,
      limit: paging.count,
    });
    return { data: rows.map(presentLead), total, totalPages: Math.ceil(total / paging.count) };
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
