import swagger, { type SwaggerTransformObject } from "@fastify/swagger";
import * as sharedExports from "@fonika/shared";
import { API_BASE, buildOperationIds, type Endpoint } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

type OpenApiDocument = ReturnType<SwaggerTransformObject>;

/** Every shared endpoint's operationId, from the `…Api` namespaces that export it. */
const operationIds = buildOperationIds(sharedExports);

/**
 * The OpenAPI `operationId` of a shared endpoint (`authApi.emailSendCode` →
 * `authEmailSendCode`), which generated clients name their methods after.
 * Throws for an endpoint that no `…Api` namespace of @fonika/shared exports,
 * so that a new route cannot enter the document nameless.
 */
export function operationIdOf(endpoint: Endpoint): string {
  const id = operationIds.get(endpoint);
  if (!id) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} has no operationId: export its contract file from ` +
        "packages/shared/src/index.ts as a namespace named <feature>Api",
    );
  }
  return id;
}

/** The tags the contracts use, described for readers of the document. */
const TAGS = [
  {
    name: "auth",
    description: "Sign-in by one-time code, tokens, sessions, second-device sign-in",
  },
  { name: "accounts", description: "Profiles, roles, blocking and deletion; the client base" },
  { name: "leads", description: "The landing page lead form and the received leads" },
  { name: "songs", description: "Songs of the music library: upload, streaming, meta, covers" },
  {
    name: "playlists",
    description: "Playlists, their covers and previews, favourites, allowed playlists",
  },
  {
    name: "vault",
    description: "The content manager's tree: folders, playlists, versions, tracks, trash",
  },
  { name: "search", description: "Search of songs, artists, albums, playlists and tags" },
  { name: "catalog", description: "Authors, copyright holders and genres; authors' documents" },
  { name: "system", description: "Health of the service" },
];

/**
 * The OpenAPI document of the whole API, generated from the same zod
 * schemas that validate the calls, at /api/v1/openapi.json. It passes
 * `redocly lint` with the recommended rules (openapi.test.ts).
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
          license: {
            name: "Proprietary: use under the Фоника offer (/offer)",
            identifier: "LicenseRef-Fonika-Offer",
          },
        },
        servers: [{ url: serverUrl(app.config.publicUrl) }],
        tags: TAGS,
        components: {
          securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        },
      },
      transform: withFileBodies,
      transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
    });
    app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);

/** What registerEndpoint puts in a route's config for its document entry. */
export interface FileRouteConfig {
  upload?: { accept: readonly string[] };
  download?: { mediaTypes: readonly string[] };
}

const binary = { type: "string", format: "binary" } as const;

/**
 * The zod provider's transform, plus what zod cannot say: an upload's
 * multipart body (the field `file`) and a download's file answers (200,
 * 206 for a range, 304, 416).
 */
const withFileBodies: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const files = (input.route.config as { files?: FileRouteConfig } | undefined)?.files;
  if (!files) return output;
  const schema = { ...(output.schema as Record<string, unknown>) };
  if (files.upload) {
    schema.consumes = ["multipart/form-data"];
    schema.body = {
      type: "object",
      required: ["file"],
      properties: {
        file: { ...binary, description: `One file: ${files.upload.accept.join(", ")}` },
      },
    };
  }
  if (files.download) {
    const content = Object.fromEntries(
      files.download.mediaTypes.map((type) => [type, { schema: binary }]),
    );
    schema.response = {
      ...(schema.response as Record<string, unknown>),
      200: { description: "The whole file", content },
      206: { description: "The requested byte range (Range header)", content },
      304: { description: "Not modified since the ETag given in If-None-Match" },
    };
  }
  return { ...output, schema } as ReturnType<typeof jsonSchemaTransform>;
};

/**
 * The server's address in the document. A loopback PUBLIC_URL (the default,
 * `http://localhost:8080`) is right only on this machine, so the document
 * then gives `/`: clients resolve it against wherever they fetched it from.
 */
function serverUrl(publicUrl: string): string {
  const { hostname } = new URL(publicUrl);
  const loopback = hostname === "localhost" || hostname === "[::1]" || hostname.startsWith("127.");
  return loopback ? "/" : publicUrl;
}

/**
 * Drops the component schemas that nothing references. The zod provider
 * emits an input and an output variant of every schema with an id (`Lead`,
 * `LeadInput`); only the ones the operations use belong in the document.
 */
function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  if (!("components" in document) || !document.components?.schemas) return document;
  const schemas: Record<string, unknown> = document.components.schemas;
  const used = new Set<string>();
  const prefix = "#/components/schemas/";
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && ref.startsWith(prefix)) {
      const name = ref.slice(prefix.length).replaceAll("~1", "/").replaceAll("~0", "~");
      if (!used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit({ ...document, components: { ...document.components, schemas: undefined } });
  // The zod provider built this schemas object for this document alone.
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
}
