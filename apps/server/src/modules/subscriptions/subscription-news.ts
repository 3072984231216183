import type { Subscription, SubscriptionEvent, SubscriptionState } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { SUBSCRIPTIONS_STAFF_ROOM, userRoom } from "../../realtime/hub.ts";
import { arrivalMail } from "./subscriptions.errors.ts";

export interface SubscriptionNewsPorts {
  bus: Pick<EventBus, "publish">;
  log: ServiceLog;
  /** Where links in mails lead (config.publicUrl). */
  publicUrl: string;
  /** The client managers to mail of a new subscription: active accounts with an e-mail. */
  managers(): Promise<Array<{ id: string; email: string }>>;
  sendMail(message: { to: string; subject: string; text: string }): Promise<void>;
  /** Display names of clients, and names of venues, for news told of bare rows. */
  clientNamesOf(ids: string[]): Promise<Map<string, string>>;
  establishmentNamesOf(ids: string[]): Promise<Map<string, string>>;
}

/** A subscription as told of when no presented one is at hand (ended by date, with its client). */
export interface SubscriptionRef {
  id: string;
  userId: string;
  establishmentId: string;
}

/**
 * What a subscription's change tells outside, once it is stored (issue 28):
 * its owner's screens and those of the staff who run subscriptions, on the
 * socket of every process; and, when one is made, every client manager's
 * mailbox — in the background, so that a slow or absent mail server never
 * holds the client's answer (a failed mail is logged).
 */
export class SubscriptionNews {
  constructor(private readonly ports: SubscriptionNewsPorts) {}

  /** Tells the owner's and staff's screens that this subscription changed. */
  async told(subscription: Subscription, event: SubscriptionEvent, actor: Actor | null) {
    await this.publish(
      {
        id: subscription.id,
        userId: subscription.userId,
        establishmentId: subscription.establishmentId,
      },
      event,
      subscription.state,
      { client: subscription.clientName, establishment: subscription.establishmentName },
      actor,
    );
  }

  /** A new subscription waits for a client manager: told on the socket, mailed to the managers. */
  async arrived(subscription: Subscription, actor: Actor): Promise<void> {
    await this.told(subscription, "created", actor);
    // Never rejects: every failure is logged inside.
    void this.mailManagers(subscription, actor);
  }

  /** Tells of subscriptions that the server ended (a period ran out, a client was deleted). */
  async ended(refs: SubscriptionRef[]): Promise<void> {
    if (refs.length === 0) return;
    const [clients, establishments] = await Promise.all([
      this.ports.clientNamesOf([...new Set(refs.map((ref) => ref.userId))]),
      this.ports.establishmentNamesOf([...new Set(refs.map((ref) => ref.establishmentId))]),
    ]);
    for (const ref of refs) {
      await this.publish(
        ref,
        "ended",
        "ended",
        {
          client: clients.get(ref.userId) ?? "",
          establishment: establishments.get(ref.establishmentId) ?? "",
        },
        null,
      );
    }
  }

  private async publish(
    ref: SubscriptionRef,
    event: SubscriptionEvent,
    state: SubscriptionState,
    names: { client: string; establishment: string },
    actor: Actor | null,
  ): Promise<void> {
    await this.ports.bus.publish({
      kind: "messages",
      rooms: [userRoom(ref.userId), SUBSCRIPTIONS_STAFF_ROOM],
      messages: [
        {
          type: "subscriptionChanged",
          subscriptionId: ref.id,
          event,
          state,
          userId: ref.userId,
          establishmentId: ref.establishmentId,
          clientName: names.client,
          establishmentName: names.establishment,
          authorId: actor?.userId ?? null,
        },
      ],
    });
  }

  /** Mails every client manager but the one who made it; each failure is logged apart. */
  private async mailManagers(subscription: Subscription, actor: Actor): Promise<void> {
    let managers: Array<{ id: string; email: string }>;
    try {
      managers = (await this.ports.managers()).filter((manager) => manager.id !== actor.userId);
    } catch (error) {
      this.ports.log.error(
        { err: error, subscriptionId: subscription.id },
        "new subscription mail: client managers not read",
      );
      return;
    }
    const mail = arrivalMail({
      clientName: subscription.clientName,
      establishmentName: subscription.establishmentName,
      tariffName: subscription.tariffInfo.tariffName,
      organizationName: subscription.organizationInfo.organizationName,
      paidByCard: subscription.paymentInfo.cardId !== null,
      price: subscription.price,
      periodMonths: subscription.periodMonths,
      waitingItems: subscription.items
        .filter((item) => item.approval === "pending")
        .map((item) => item.name),
      link: `${this.ports.publicUrl}/subscription-base`,
    });
    for (const manager of managers) {
      try {
        await this.ports.sendMail({ to: manager.email, ...mail });
      } catch (error) {
        this.ports.log.error(
          { err: error, subscriptionId: subscription.id, managerId: manager.id },
          "new subscription mail failed",
        );
      }
    }
  }
}
