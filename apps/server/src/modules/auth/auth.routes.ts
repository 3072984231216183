import { authApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import { AuthService } from "./auth.service.ts";

/** The /auth calls of SPEC.md §7; also creates the ADMIN_EMAIL account at start. */
export async function authRoutes(app: FastifyInstance) {
  const auth = new AuthService({
    db: app.db,
    notifier: app.notifier,
    accessTokens: app.accessTokens,
    secret: app.config.jwtSecret,
    log: app.log,
    realtime: app.realtime,
  });

  // The database is open and migrated once the db plugin has registered.
  if (app.config.adminEmail) await auth.ensureAdminAccount(app.config.adminEmail);

  registerEndpoint(app, authApi.emailSendCode, ({ body, request }) =>
    auth.sendCode("email", body.email, request.ip),
  );
  registerEndpoint(app, authApi.emailVerifyCode, ({ body }) =>
    auth.verifyCode("email", body.email, body.code),
  );
  registerEndpoint(app, authApi.phoneSendCode, ({ body, request }) =>
    auth.sendCode("phone", body.phone, request.ip),
  );
  registerEndpoint(app, authApi.phoneVerifyCode, ({ body }) =>
    auth.verifyCode("phone", body.phone, body.code),
  );
  registerEndpoint(app, authApi.refreshToken, ({ body }) => auth.refresh(body.refreshToken));
  registerEndpoint(app, authApi.logout, async ({ body }) => {
    await auth.logout(body.refreshToken);
    return { ok: true as const };
  });

  registerEndpoint(app, authApi.createDeviceCode, ({ request }) =>
    auth.createDeviceCode(request.ip),
  );
  registerEndpoint(app, authApi.approveDeviceCode, async ({ actor, body }) => {
    await auth.approveDeviceCode(actor, body.code, body.establishmentId ?? null);
    return { ok: true as const };
  });
  registerEndpoint(app, authApi.waitForVerification, ({ body }) =>
    auth.waitForVerification(body.verificationId),
  );

  registerEndpoint(app, authApi.changeRole, ({ actor, params, body }) =>
    auth.changeRole(actor, params.userId, body.newRole),
  );
  registerEndpoint(app, authApi.deleteAccount, async ({ actor, params }) => {
    await auth.deleteAccount(actor, params.userId);
    return { ok: true as const };
  });
}
