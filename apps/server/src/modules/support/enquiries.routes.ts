import { supportApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import { sendStoredFile } from "../../storage/send-file.ts";
import type { SupportAttachments } from "./attachments.service.ts";
import type { EnquiriesService } from "./enquiries.service.ts";

/** Support's enquiry calls (issue 15): enquiries, their threads, attachments and counters. */
export async function enquiriesRoutes(
  app: FastifyInstance,
  options: { enquiries: EnquiriesService; attachments: SupportAttachments },
) {
  const { enquiries, attachments } = options;
  registerEndpoint(app, supportApi.uploadSupportAttachment, ({ actor, upload }) =>
    attachments.upload(actor, upload),
  );
  registerEndpoint(
    app,
    supportApi.downloadSupportAttachment,
    async ({ actor, params, request, reply }) =>
      sendStoredFile(app.storage.files, request, reply, await attachments.file(actor, params.id)),
  );
  registerEndpoint(app, supportApi.createEnquiry, ({ actor, body }) =>
    enquiries.create(actor, body),
  );
  registerEndpoint(app, supportApi.listEnquiries, ({ actor, query }) =>
    enquiries.list(actor, query),
  );
  registerEndpoint(app, supportApi.getEnquiry, ({ actor, params }) =>
    enquiries.get(actor, params.id),
  );
  registerEndpoint(app, supportApi.replyToEnquiry, ({ actor, params, body }) =>
    enquiries.reply(actor, params.id, body),
  );
  registerEndpoint(app, supportApi.changeEnquiryState, ({ actor, params, body }) =>
    enquiries.changeState(actor, params.id, body.state),
  );
  registerEndpoint(app, supportApi.assignEnquiry, ({ actor, params, body }) =>
    enquiries.assign(actor, params.id, body.assigneeId),
  );
  registerEndpoint(app, supportApi.markEnquiryRead, async ({ actor, params }) => {
    await enquiries.markRead(actor, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, supportApi.commandEnquiryPlayer, ({ actor, params, body }) =>
    enquiries.commandPlayer(actor, params.id, body),
  );
  registerEndpoint(app, supportApi.listSupportAssignees, ({ actor }) => enquiries.assignees(actor));
  registerEndpoint(app, supportApi.getSupportUnread, ({ actor }) => enquiries.unread(actor));
}
