import { personalInfoApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import { PersonalInfoService } from "./personal-info.service.ts";

/** The /personal-info calls of the account lifecycle and the client base (SPEC.md §7). */
export async function personalInfoRoutes(app: FastifyInstance) {
  const personalInfo = new PersonalInfoService({ db: app.db, accessEvents: app.accessEvents });

  registerEndpoint(app, personalInfoApi.createPersonalInfo, ({ actor, body }) =>
    personalInfo.create(actor, body),
  );
  registerEndpoint(app, personalInfoApi.listUsers, ({ actor, query }) =>
    personalInfo.list(actor, query),
  );
  registerEndpoint(app, personalInfoApi.getPersonalInfo, ({ actor, params }) =>
    personalInfo.get(actor, params.userId),
  );
  registerEndpoint(app, personalInfoApi.signAgreement, async ({ actor, params }) => {
    await personalInfo.signAgreement(actor, params.userId);
    return { ok: true as const };
  });
}
