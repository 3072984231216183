import type { EnquiryNews } from "./enquiries.news.ts";
import type { EventStamps } from "./enquiry-stamps.ts";
import { SUPPORT_TEXTS } from "./support.errors.ts";
import type { SupportStore } from "./support.store.ts";

/** A silence alert that opens (or joins) an enquiry. */
export interface SilenceAlertFacts {
  alertId: string;
  playerId: string;
  playerName: string;
  ownerId: string;
  establishmentId: string;
  /** The player was out of touch when its alert was raised (it may play from its memory). */
  outOfTouch: boolean;
}

export interface AlertEnquiriesDependencies {
  store: SupportStore;
  establishmentNamesOf(ids: string[]): Promise<Map<string, string>>;
  news: Pick<EnquiryNews, "announce">;
  /** The enquiries' own clock: an alert's events stay in order with the rest. */
  stamps: EventStamps;
}

/**
 * Players' silence alerts in support (issues 14, 15): each alert raised
 * opens an enquiry for the player's owner, or joins the one still open.
 */
export class AlertEnquiries {
  constructor(private readonly deps: AlertEnquiriesDependencies) {}

  /**
   * Silence alerts just raised (the players module tells): each opens an
   * enquiry of topic player-silent for its player's owner, once per alert
   * whatever the number of processes; a player that already has an open
   * enquiry gets an `alert` event in it instead.
   */
  async openForAlerts(alerts: readonly SilenceAlertFacts[]): Promise<void> {
    const { store } = this.deps;
    const venues = await this.deps.establishmentNamesOf([
      ...new Set(alerts.map((alert) => alert.establishmentId)),
    ]);
    for (const alert of alerts) {
      const result = await store.withTx(async (tx) => {
        const at = this.deps.stamps.next();
        const open = await tx.enquiries.lockOpenEnquiryOfPlayer(alert.playerId);
        const enquiry =
          open ??
          (await tx.enquiries.insertAlertEnquiry({
            clientId: alert.ownerId,
            createdBy: null,
            topic: "player-silent",
            subject: SUPPORT_TEXTS.alertSubject(alert.playerName),
            establishmentId: alert.establishmentId,
            playerId: alert.playerId,
            alertId: alert.alertId,
            createdAt: at,
            updatedAt: at,
          }));
        if (!enquiry) return undefined;
        await tx.enquiries.insertEvent({
          enquiryId: enquiry.id,
          kind: "alert",
          authorId: null,
          side: "system",
          text: open
            ? SUPPORT_TEXTS.alertAgain(alert.playerName, alert.outOfTouch)
            : SUPPORT_TEXTS.alertOpened(
                alert.playerName,
                venues.get(alert.establishmentId) ?? "",
                alert.outOfTouch,
              ),
          createdAt: at,
        });
        const row = open
          ? await tx.enquiries.updateEnquiry(enquiry.id, { updatedAt: at })
          : enquiry;
        return { row, event: open ? ("alert" as const) : ("created" as const) };
      });
      if (result) await this.deps.news.announce(result.row, result.event, null, "staff");
    }
  }
}
