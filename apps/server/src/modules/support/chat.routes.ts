import { supportApi } from "@fonika/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import type { ChatService } from "./chat.service.ts";

/** The support chat's calls (issue 15): conversations, messages, read marks. */
export async function chatRoutes(app: FastifyInstance, options: { chat: ChatService }) {
  const { chat } = options;
  /** Sends answered with the message stored before: 200, not the 201 of a new one. */
  const resends = new WeakSet<FastifyRequest>();
  app.addHook("onSend", async (request, reply) => {
    if (resends.has(request)) reply.code(200);
  });

  registerEndpoint(app, supportApi.listChatConversations, ({ actor, query }) =>
    chat.listConversations(actor, query),
  );
  registerEndpoint(app, supportApi.listChatMessages, ({ actor, params, query }) =>
    chat.listMessages(actor, params.clientId, query),
  );
  registerEndpoint(app, supportApi.sendChatMessage, async ({ actor, params, body, request }) => {
    const { message, created } = await chat.send(actor, params.clientId, body);
    if (!created) resends.add(request);
    return message;
  });
  registerEndpoint(app, supportApi.markChatRead, async ({ actor, params, body }) => {
    await chat.markRead(actor, params.clientId, body.upTo);
    return { ok: true as const };
  });
}
