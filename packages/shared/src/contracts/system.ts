import { defineEndpoint } from "../endpoint.ts";
import { z } from "../zod.ts";

export const health = defineEndpoint({
  method: "GET",
  path: "/health",
  summary:
    "Readiness: 200 when the database and, when configured, Redis and the S3 bucket answer; 503 naming none of them otherwise (the log names which)",
  tags: ["system"],
  auth: "public",
  response: z.object({
    status: z.literal("ok"),
    database: z.literal("ok"),
    /** `in-process`: no REDIS_URL, events stay in this process. */
    bus: z.enum(["ok", "in-process"]),
    /** `local`: files under DATA_DIR. */
    storage: z.enum(["ok", "local"]),
  }),
});

export const liveness = defineEndpoint({
  method: "GET",
  path: "/health/live",
  summary:
    "Liveness: 200 while the process serves requests, whatever its database does (restart it only when this fails)",
  tags: ["system"],
  auth: "public",
  response: z.object({ status: z.literal("ok") }),
});
