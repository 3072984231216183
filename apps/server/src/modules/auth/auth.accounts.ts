import type { Executor } from "../../db/client.ts";
import type { Channel } from "./auth.repository.ts";

/**
 * What sign-in needs of accounts, which the accounts module owns (app.ts
 * wires its AccountDirectory in): finding the account of an address or id
 * and creating one at a first sign-in. Each call takes the database or the
 * transaction of the sign-in that asks.
 */
export interface AccountLookup {
  /**
   * The account that signs in with this address: the live one holding it,
   * or a deleted one whose erased address was this one.
   */
  findByAddress(
    db: Executor,
    channel: Channel,
    address: string,
  ): Promise<SignInAccount | undefined>;
  findById(db: Executor, userId: string): Promise<SignInAccount | undefined>;
  /**
   * The account of a new address (edit-personal-info), or the one another
   * process created for it a moment before.
   */
  createForSignIn(tx: Executor, channel: Channel, address: string): Promise<SignInAccount>;
}

/** What sign-in reads of an account. */
export interface SignInAccount {
  id: string;
  authority: string[];
  /** active | blocked | deleted */
  status: string;
}
