import { defineStore } from "../../db/bound-store.ts";
import * as attachments from "./attachments.repository.ts";
import * as chat from "./chat.repository.ts";
import * as enquiries from "./enquiries.repository.ts";

/**
 * Support's data: enquiries with their threads, the chat's conversations
 * and messages, and the attachments, each repository bound to the
 * database or to the transaction in progress, and `withTx` to run work in
 * one transaction.
 */
export const SupportStore = defineStore({ attachments, chat, enquiries });
export type SupportStore = InstanceType<typeof SupportStore>;
