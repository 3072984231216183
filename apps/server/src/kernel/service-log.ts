import type { BaseLogger } from "pino";

/**
 * The log a service or job writes to: pino's levels and nothing of Fastify,
 * so that services stay callable from a job, a CLI or a test.
 */
export type ServiceLog = Pick<BaseLogger, "debug" | "info" | "warn" | "error">;
