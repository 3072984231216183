import { TOKENS, type TokenPayload, tokenPayloadSchema } from "@fonika/shared";
import { jwtVerify, SignJWT } from "jose";

/**
 * Access tokens (CONTRACT.md): HS256 JWTs with `exp`, `sub` (user id) and
 * `authority` (role strings), living 5 minutes.
 */
export interface AccessTokens {
  sign(userId: string, authority: readonly string[]): Promise<string>;
  /** The payload of a valid token, or null for any bad, expired or forged one. */
  verify(token: string): Promise<TokenPayload | null>;
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId, authority) =>
      new SignJWT({ authority: [...authority] })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${TOKENS.accessTokenTtlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const parsed = tokenPayloadSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
