import type { EnquiryState } from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { SUPPORT_STAFF_ROOM, userRoom } from "../../realtime/hub.ts";
import type { EnquiryRow } from "./enquiries.repository.ts";
import { replyMail } from "./support.errors.ts";
import type { Side } from "./support.policy.ts";

export type EnquiryNewsEvent =
  | "created"
  | "message"
  | "state"
  | "assignee"
  | "player-command"
  | "alert";

export interface EnquiryNewsPorts {
  bus: Pick<EventBus, "publish">;
  log: ServiceLog;
  /** Where links in mails lead (config.publicUrl). */
  publicUrl: string;
  namesOf(ids: string[]): Promise<Map<string, string>>;
  accounts: { find(userId: string): Promise<{ email: string | null } | undefined> };
  sendMail(message: { to: string; subject: string; text: string }): Promise<void>;
}

/**
 * What an enquiry's change tells outside, once it is stored: the client's
 * screens and support staff's (the socket, every process), and the client's
 * mailbox when support answers.
 */
export class EnquiryNews {
  constructor(private readonly ports: EnquiryNewsPorts) {}

  async announce(
    row: EnquiryRow,
    event: EnquiryNewsEvent,
    actor: Actor | null,
    side: Side,
  ): Promise<void> {
    const author = actor
      ? {
          id: actor.userId,
          name: (await this.ports.namesOf([actor.userId])).get(actor.userId) ?? "",
          side,
        }
      : null;
    await this.ports.bus.publish({
      kind: "messages",
      rooms: [userRoom(row.clientId), SUPPORT_STAFF_ROOM],
      messages: [
        {
          type: "supportEnquiry",
          enquiryId: row.id,
          number: row.number,
          event,
          author,
          state: row.state as EnquiryState,
        },
      ],
    });
  }

  /** Mails the client support's answer; a failed mail is logged and the reply stands. */
  async mailClient(row: EnquiryRow, text: string): Promise<void> {
    try {
      const to = (await this.ports.accounts.find(row.clientId))?.email;
      if (!to) {
        this.ports.log.info({ enquiryId: row.id }, "support reply: the client has no e-mail");
        return;
      }
      const link = `${this.ports.publicUrl}/support/enquiries?id=${row.id}`;
      await this.ports.sendMail({ to, ...replyMail({ number: row.number, text, link }) });
    } catch (error) {
      this.ports.log.error({ err: error, enquiryId: row.id }, "support reply mail failed");
    }
  }
}
