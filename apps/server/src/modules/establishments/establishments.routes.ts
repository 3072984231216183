import { establishmentsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import { sendStoredFile } from "../../storage/send-file.ts";
import type { EstablishmentsService } from "./establishments.service.ts";

/** The /establishment calls of SPEC.md §7: a client's venues and their floor plans. */
export async function establishmentsRoutes(
  app: FastifyInstance,
  options: { establishments: EstablishmentsService },
) {
  const { establishments } = options;
  registerEndpoint(app, establishmentsApi.listEstablishments, ({ actor, params, query }) =>
    establishments.list(actor, params.userId, query),
  );
  registerEndpoint(app, establishmentsApi.getEstablishment, ({ actor, params }) =>
    establishments.get(actor, params.userId, params.id),
  );
  registerEndpoint(app, establishmentsApi.addEstablishment, ({ actor, params, body }) =>
    establishments.add(actor, params.userId, body),
  );
  registerEndpoint(app, establishmentsApi.changeEstablishment, ({ actor, params, body }) =>
    establishments.change(actor, params.userId, params.id, body),
  );
  registerEndpoint(app, establishmentsApi.addLayoutFile, ({ actor, params, upload }) =>
    establishments.addLayout(actor, params.userId, params.id, upload),
  );
  registerEndpoint(
    app,
    establishmentsApi.getLayoutFile,
    async ({ actor, params, request, reply }) =>
      sendStoredFile(
        app.storage.files,
        request,
        reply,
        await establishments.layoutFile(actor, params.userId, params.id),
      ),
  );
  registerEndpoint(app, establishmentsApi.deleteLayoutFile, async ({ actor, params }) => {
    await establishments.deleteLayout(actor, params.userId, params.id);
    return { ok: true as const };
  });
}
