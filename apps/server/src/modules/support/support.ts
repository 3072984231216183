import type { FastifyPluginAsync } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import type { EventBus } from "../../realtime/bus.ts";
import type { SocketRegistry } from "../../realtime/socket-registry.ts";
import type { FileStore } from "../../storage/file-store.ts";
import type { AlertEnquiries } from "./alert-enquiries.ts";
import { SupportAttachments } from "./attachments.service.ts";
import { chatRoutes } from "./chat.routes.ts";
import { ChatService } from "./chat.service.ts";
import { registerChatSocket } from "./chat.socket.ts";
import { enquiriesRoutes } from "./enquiries.routes.ts";
import { type EnquiriesDependencies, EnquiriesService } from "./enquiries.service.ts";
import { registerEnquiriesSocket } from "./enquiries.socket.ts";
import { SupportStore } from "./support.store.ts";

/**
 * Support's one public face (issue 15): clients' enquiries with their
 * threads and attachments, and the live chat between each client and
 * support. Other modules import this file and nothing else of support.
 */

export interface SupportDependencies {
  db: Executor;
  /** News of enquiries and chat messages, on the socket of every process. */
  bus: EventBus;
  /** The player socket: staff join support's and the chat's rooms; chat typing marks (*.socket.ts). */
  realtime: SocketRegistry;
  /** Attachments' files. */
  files: FileStore;
  /** The app's log: the attachments' sweep and enquiries each write under their own `module` name. */
  log: { child(bindings: { module: string }): ServiceLog };
  /** Where links in mails lead (config.publicUrl). */
  publicUrl: string;
  /** People (accounts): enquiries and the chat name them; enquiries mail clients and list staff. */
  accounts: EnquiriesDependencies["accounts"] & {
    /** Display names as staff lists show them («Удалённый клиент» after deletion). */
    namesOf(userIds: string[]): Promise<Map<string, string>>;
  };
  /** Clients' venues (establishments): an enquiry names one of the client's own. */
  establishments: EnquiriesDependencies["establishments"] & {
    namesOf(ids: string[]): Promise<Map<string, string>>;
  };
  /** Where players are and whose (players): an enquiry names one of the client's players. */
  players: EnquiriesDependencies["players"];
  commandPlayer: EnquiriesDependencies["commandPlayer"];
  sendMail(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** What the rest of the app uses of support. */
export interface Support {
  /** Registers the enquiries' and the chat's routes, and the attachments' sweep with the app's start and stop. */
  readonly plugin: FastifyPluginAsync;
  /** The attachments, whose sweep tests drive on a fake clock (`app.modules.support.attachments`). */
  readonly attachments: SupportAttachments;
  /** Silence alerts open (or join) an enquiry for the player's owner (players). */
  readonly alertEnquiries: Pick<AlertEnquiries, "openForAlerts">;
  /** Erases a deleted client's enquiries and conversation inside the deletion's transaction (accounts). */
  readonly clientRecords: {
    forgetClient(tx: Executor, clientId: string): Promise<() => Promise<void>>;
  };
}

/** Makes support's services over one store. */
export function createSupport(deps: SupportDependencies): Support {
  const store = new SupportStore(deps.db);
  const attachments = new SupportAttachments({
    store,
    files: deps.files,
    log: deps.log.child({ module: "support-attachments" }),
  });
  const enquiries = new EnquiriesService({
    store,
    bus: deps.bus,
    log: deps.log.child({ module: "enquiries" }),
    publicUrl: deps.publicUrl,
    attachments,
    namesOf: (ids) => deps.accounts.namesOf(ids),
    establishmentNamesOf: (ids) => deps.establishments.namesOf(ids),
    accounts: deps.accounts,
    establishments: deps.establishments,
    players: deps.players,
    commandPlayer: (staff, player, command) => deps.commandPlayer(staff, player, command),
    sendMail: (message) => deps.sendMail(message),
  });
  const chat = new ChatService({ store, bus: deps.bus, accounts: deps.accounts });
  registerEnquiriesSocket(deps.realtime);
  registerChatSocket(deps.realtime, chat);
  return {
    plugin: async (app) => {
      app.addHook("onReady", async () => attachments.start());
      app.addHook("onClose", async () => attachments.stop());
      await app.register(enquiriesRoutes, { enquiries, attachments });
      await app.register(chatRoutes, { chat });
    },
    attachments,
    alertEnquiries: enquiries.alerts,
    clientRecords: {
      // Enquiries first, then the chat, as accounts asked them one after the other before.
      forgetClient: async (tx, clientId) => {
        const afterEnquiries = await enquiries.forgetClient(tx, clientId);
        const afterChat = await chat.forgetClient(tx, clientId);
        return async () => {
          await afterEnquiries();
          await afterChat();
        };
      },
    },
  };
}

export type { SilenceAlertFacts } from "./alert-enquiries.ts";
export type { SupportAttachments } from "./attachments.service.ts";
