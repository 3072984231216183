import { type Bound, bind } from "../../db/bound-store.ts";
import type { Executor } from "../../db/client.ts";
import * as attachments from "./attachments.repository.ts";
import * as chat from "./chat.repository.ts";
import * as enquiries from "./enquiries.repository.ts";

/**
 * Support's data: enquiries with their threads, the chat's conversations
 * and messages, and the attachments, each repository bound to the
 * database or to the transaction in progress, and `withTx` to run work in
 * one transaction.
 */
export class SupportStore {
  readonly enquiries: Bound<typeof enquiries>;
  readonly chat: Bound<typeof chat>;
  readonly attachments: Bound<typeof attachments>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.enquiries = bind(enquiries, executor);
    this.chat = bind(chat, executor);
    this.attachments = bind(attachments, executor);
  }

  /**
   * Runs `work` in one transaction with a store bound to it; inside a
   * transaction already, in a savepoint of it.
   */
  withTx<T>(work: (tx: SupportStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new SupportStore(tx)));
  }
}
