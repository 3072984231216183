import swagger from "@fastify/swagger";
import { API_BASE } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/**
 * The OpenAPI document of the whole API, generated from the same zod
 * schemas that validate the calls, at /api/v1/openapi.json.
 */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Фоника API",
          description: "Music service for businesses: accounts, library, venues, players, support.",
          version: "1.0.0",
        },
        servers: [{ url: app.config.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
