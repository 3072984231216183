import { CODES } from "../constants.ts";
import { defineEndpoint, okSchema, uuidSchema } from "../endpoint.ts";
import { z } from "../zod.ts";

/** Authentication calls of SPEC.md §7 and their rules in CONTRACT.md. */

export const emailSchema = z.email().max(254);
/** A phone as typed; the server normalizes it to 11 digits (normalizePhone). */
export const phoneInputSchema = z
  .string()
  .min(10)
  .max(32)
  .regex(/^[\d\s()+-]+$/, "Номер телефона может содержать только цифры");
export const codeSchema = z.string().length(CODES.length).regex(/^\d+$/, "Код состоит из 6 цифр");

export const tokenPairSchema = z
  .object({ token: z.string(), refreshToken: z.string() })
  .meta({ id: "TokenPair" });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const codeSentSchema = z.object({
  status: z.literal("SENT"),
  expiresInSeconds: z.number().int(),
});

export const emailSendCode = defineEndpoint({
  method: "POST",
  path: "/auth/email/send-code",
  summary: "Send a one-time sign-in code to an e-mail",
  tags: ["auth"],
  auth: "public",
  body: z.object({ email: emailSchema }),
  response: codeSentSchema,
});

export const emailVerifyCode = defineEndpoint({
  method: "POST",
  path: "/auth/email/verify-code",
  summary: "Exchange an e-mail code for tokens",
  tags: ["auth"],
  auth: "public",
  body: z.object({ email: emailSchema, code: codeSchema }),
  response: tokenPairSchema,
});

export const phoneSendCode = defineEndpoint({
  method: "POST",
  path: "/auth/phone/send-code",
  summary: "Send a one-time sign-in code by SMS",
  tags: ["auth"],
  auth: "public",
  body: z.object({ phone: phoneInputSchema }),
  response: codeSentSchema,
});

export const phoneVerifyCode = defineEndpoint({
  method: "POST",
  path: "/auth/phone/verify-code",
  summary: "Exchange a phone code for tokens",
  tags: ["auth"],
  auth: "public",
  body: z.object({ phone: phoneInputSchema, code: codeSchema }),
  response: tokenPairSchema,
});

/**
 * What asks for a device code: a web player (the `/web-player` page; its
 * approval names or makes a web player) or any other device (a box player,
 * a browser signing in as a device), the default.
 */
export const DEVICE_KINDS = ["device", "webPlayer"] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export const createDeviceCode = defineEndpoint({
  method: "POST",
  path: "/auth/code/create-code",
  summary: "Start a second-device sign-in: a code to show and an id to poll",
  tags: ["auth"],
  auth: "public",
  /** No body: a device of kind `device` (what older boxes send). */
  body: z.object({ kind: z.enum(DEVICE_KINDS).default("device") }).nullish(),
  response: z.object({
    verificationId: uuidSchema,
    code: codeSchema,
    expiresInSeconds: z.number().int(),
  }),
});

export const verificationStatusSchema = z.enum(["PENDING", "APPROVED", "EXPIRED"]);

export const waitForVerification = defineEndpoint({
  method: "POST",
  path: "/auth/code/wait-for-verification",
  summary: "Poll a second-device sign-in; APPROVED carries the tokens once",
  tags: ["auth"],
  auth: "public",
  body: z.object({ verificationId: uuidSchema }),
  response: z.object({
    status: verificationStatusSchema,
    tokens: tokenPairSchema.optional(),
    /** APPROVED: the player the device session plays (a web player's); null for other devices. */
    playerId: uuidSchema.nullable().optional(),
  }),
});

export const approveDeviceCode = defineEndpoint({
  method: "POST",
  path: "/auth/code/approve-code",
  summary:
    "Approve a second-device code: that device signs in as a player of the establishment (a web player's code: as `playerId`, or a new web player there)",
  tags: ["auth"],
  auth: "bearer",
  body: z.object({
    code: codeSchema,
    establishmentId: uuidSchema,
    /** A web player's code only: the web player of that establishment it plays; none: a new one. */
    playerId: uuidSchema.optional(),
  }),
  response: okSchema.extend({
    /** The player the device session is bound to (a web player's code); null otherwise. */
    playerId: uuidSchema.nullable(),
  }),
});

/** What the approver is shown before approving a device code. */
export const deviceCodeInfoSchema = z
  .object({
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    /** The address the device asked from. */
    ip: z.string(),
    /** The device's browser as it introduced itself (User-Agent), if any. */
    userAgent: z.string().nullable(),
    /** A web player's code: the approver picks or makes the web player it plays. */
    kind: z.enum(DEVICE_KINDS),
  })
  .meta({ id: "DeviceCodeInfo" });
export type DeviceCodeInfo = z.infer<typeof deviceCodeInfoSchema>;

export const inspectDeviceCode = defineEndpoint({
  method: "POST",
  path: "/auth/code/inspect-code",
  summary: "Show when and where a pending second-device code was made, before approving it",
  tags: ["auth"],
  auth: "bearer",
  body: z.object({ code: codeSchema }),
  response: deviceCodeInfoSchema,
});

/** One signed-in browser or device of the caller (RFC 8628 device grant included). */
export const sessionInfoSchema = z
  .object({
    id: uuidSchema,
    kind: z.enum(["browser", "device"]),
    /** The session this list was asked from. */
    current: z.boolean(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime(),
    /** Browser sessions end then whatever their use; devices have none. */
    expiresAt: z.iso.datetime().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    establishmentId: uuidSchema.nullable(),
  })
  .meta({ id: "SessionInfo" });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const listSessions = defineEndpoint({
  method: "GET",
  path: "/auth/sessions",
  summary: "The caller's signed-in browsers and devices, most recently used first",
  tags: ["auth"],
  auth: "bearer",
  response: z.object({ data: z.array(sessionInfoSchema) }),
});

export const endSession = defineEndpoint({
  method: "POST",
  path: "/auth/sessions/:sessionId/end",
  summary: "Sign one of the caller's browsers or devices out at once, socket included",
  tags: ["auth"],
  auth: "bearer",
  params: z.object({ sessionId: uuidSchema }),
  response: okSchema,
});

export const refreshToken = defineEndpoint({
  method: "POST",
  path: "/auth/refresh-token",
  summary: "Rotate a refresh token into a new token pair",
  tags: ["auth"],
  auth: "public",
  body: z.object({ refreshToken: z.string().min(1).max(512) }),
  response: tokenPairSchema,
});

export const logout = defineEndpoint({
  method: "POST",
  path: "/auth/logout",
  summary: "End the session of a refresh token",
  tags: ["auth"],
  auth: "public",
  body: z.object({ refreshToken: z.string().min(1).max(512) }),
  response: okSchema,
});

/**
 * Decoded access token payload, SPEC.md §3 (exp, sub, authority), with the
 * session it belongs to: `sid`, its `kind` and, for a player device, the
 * establishment it plays for.
 */
export const tokenPayloadSchema = z.object({
  exp: z.number(),
  sub: z.string(),
  authority: z.array(z.string()),
  sid: z.string().optional(),
  kind: z.enum(["browser", "device"]).optional(),
  establishmentId: z.string().nullish(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;
