import { LEAD, PAGING } from "../constants.ts";
import { defineEndpoint, pagedSchema, uuidSchema } from "../endpoint.ts";
import { z } from "../zod.ts";
import { phoneInputSchema } from "./auth.ts";

/**
 * The landing page lead form, SPEC.md §3 and §7. The phone is taken as
 * typed and stored normalized (11 digits starting with 7, normalizePhone);
 * one that does not normalize is refused.
 */
export const leadFormSchema = z.object({
  name: z.string().trim().min(LEAD.nameMin).max(LEAD.nameMax),
  phone: phoneInputSchema,
  company: z.string().trim().min(LEAD.companyMin).max(LEAD.companyMax),
  website: z
    .string()
    .optional()
    .meta({
      description:
        "Honeypot: the web form keeps this field hidden from people, so only a bot fills it. " +
        "Leave it out or empty. A form with it filled is answered as accepted but dropped.",
    }),
});
export type LeadForm = z.infer<typeof leadFormSchema>;

export const leadStatusSchema = z.enum(["stored", "pending", "forwarded", "failing"]);

export const leadSchema = z
  .object({
    id: uuidSchema,
    name: z.string(),
    phone: z.string(),
    company: z.string(),
    createdAt: z.iso.datetime(),
    /** stored: no webhook configured; pending/failing: being retried. */
    status: leadStatusSchema,
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    forwardedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Lead" });
export type Lead = z.infer<typeof leadSchema>;

export const sendLeadForm = defineEndpoint({
  method: "POST",
  path: "/integration/amo/form",
  summary: "Send the landing page lead form",
  tags: ["leads"],
  auth: "public",
  body: leadFormSchema,
  response: z.object({ id: uuidSchema }),
  successStatus: 201,
});

export const listLeads = defineEndpoint({
  method: "GET",
  path: "/integration/amo/leads",
  summary: "Leads received from the landing page, newest first (admin)",
  tags: ["leads"],
  auth: "bearer",
  roles: ["role-admin"],
  query: z.object({
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.tablePageSize),
  }),
  response: pagedSchema(leadSchema),
});
