import { defineEndpoint } from "../endpoint.ts";
import { z } from "../zod.ts";

export const health = defineEndpoint({
  method: "GET",
  path: "/health",
  summary: "200 while the database answers, 503 when it does not",
  tags: ["system"],
  auth: "public",
  response: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
});
