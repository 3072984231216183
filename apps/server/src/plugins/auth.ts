import { activeRole, type Role } from "@fonika/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { users } from "../db/schema.ts";
import { type AccessTokens, createAccessTokens } from "../lib/access-token.ts";
import { errors } from "../lib/app-error.ts";

/** Who is calling: the signed-in user as the database knows them now. */
export interface Actor {
  userId: string;
  authority: string[];
  /** The active role; undefined when the authority holds none. */
  role: Role | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /**
     * The actor of an access token, checked against the database on every
     * call so that a blocked or deleted account stops at once and a role
     * change applies at once. Throws 401 for a missing or bad token.
     */
    authenticateToken(token: string | undefined): Promise<Actor>;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorate("accessTokens", createAccessTokens(app.config.jwtSecret));
    app.decorateRequest("actor", null);

    app.decorate("authenticateToken", async (token: string | undefined): Promise<Actor> => {
      if (!token) throw errors.unauthorized("Missing bearer token");
      const payload = await app.accessTokens.verify(token);
      if (!payload) throw errors.unauthorized("Invalid or expired token");
      const [user] = await app.db
        .select({ id: users.id, authority: users.authority, status: users.status })
        .from(users)
        .where(eq(users.id, payload.sub));
      if (!user || user.status === "deleted") {
        throw errors.accountDeleted();
      }
      if (user.status === "blocked") {
        throw errors.accountBlocked();
      }
      return { userId: user.id, authority: user.authority, role: activeRole(user.authority) };
    });
  },
  { name: "auth", dependencies: ["db"] },
);

/** The bearer token of a request's Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}
