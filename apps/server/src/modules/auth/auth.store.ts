import { defineStore } from "../../db/bound-store.ts";
import * as auth from "./auth.repository.ts";
import * as deviceCodes from "./device-codes.repository.ts";
import * as rateLimits from "./rate-limit.repository.ts";

/**
 * Sign-in's data: codes, sessions and their refresh tokens (`auth`), the
 * second-device codes (`deviceCodes`) and the rate-limit counters
 * (`rateLimits`), each repository bound to the database or the
 * transaction in progress.
 */
export const AuthStore = defineStore({ auth, deviceCodes, rateLimits });
export type AuthStore = InstanceType<typeof AuthStore>;
