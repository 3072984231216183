import { authApi } from "@fonika/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import type { AuthService } from "./auth.service.ts";
import { clientInfo } from "./auth.sessions.ts";
import type { DeviceBindings } from "./device-binding.service.ts";
import { registerDeviceBindingSocket } from "./device-binding.socket.ts";
import type { DeviceSignInService } from "./device-sign-in.service.ts";

/** The sign-in calls of SPEC.md §7 under /auth: codes, tokens, sessions, devices. */
export async function authRoutes(
  app: FastifyInstance,
  options: {
    auth: AuthService;
    devices: DeviceSignInService;
    /** Binds a box's venue-wide session to the player its socket names. */
    bindings: DeviceBindings;
  },
) {
  const { auth, devices, bindings } = options;
  // A box's socket that names its player binds its venue-wide session to it (issue 27).
  registerDeviceBindingSocket(app.realtime, bindings);
  const client = (request: FastifyRequest) => clientInfo(request.ip, request.headers["user-agent"]);

  registerEndpoint(app, authApi.emailSendCode, ({ body, request }) =>
    auth.sendCode("email", body.email, request.ip),
  );
  registerEndpoint(app, authApi.emailVerifyCode, ({ body, request }) =>
    auth.verifyCode("email", body.email, body.code, client(request)),
  );
  registerEndpoint(app, authApi.phoneSendCode, ({ body, request }) =>
    auth.sendCode("phone", body.phone, request.ip),
  );
  registerEndpoint(app, authApi.phoneVerifyCode, ({ body, request }) =>
    auth.verifyCode("phone", body.phone, body.code, client(request)),
  );
  registerEndpoint(app, authApi.refreshToken, ({ body, request }) =>
    auth.refresh(body.refreshToken, client(request)),
  );
  registerEndpoint(app, authApi.logout, async ({ body }) => {
    await auth.logout(body.refreshToken);
    return { ok: true as const };
  });
  registerEndpoint(app, authApi.listSessions, async ({ actor }) => ({
    data: await auth.listSessions(actor),
  }));
  registerEndpoint(app, authApi.endSession, async ({ actor, params }) => {
    await auth.endSession(actor, params.sessionId);
    return { ok: true as const };
  });

  registerEndpoint(app, authApi.createDeviceCode, ({ body, request }) =>
    devices.createCode(client(request), body?.kind),
  );
  registerEndpoint(app, authApi.inspectDeviceCode, ({ actor, body, request }) =>
    devices.inspectCode(actor, body.code, request.ip),
  );
  registerEndpoint(app, authApi.approveDeviceCode, async ({ actor, body, request }) => ({
    ok: true as const,
    playerId: await devices.approveCode(actor, body, request.ip),
  }));
  registerEndpoint(app, authApi.waitForVerification, ({ body, request }) =>
    devices.waitForVerification(body.verificationId, client(request)),
  );
}
