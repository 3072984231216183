import type { FastifyInstance } from "fastify";
import type { AccountDirectory } from "./modules/accounts/accounts.ts";
import type { VenueDirectory } from "./modules/establishments/venue-directory.service.ts";
import type { LiveService } from "./modules/players/live/live.service.ts";
import type { PlayersService } from "./modules/players/registry/players.service.ts";
import { SupportAttachments } from "./modules/support/attachments.service.ts";
import { chatRoutes } from "./modules/support/chat.routes.ts";
import { ChatService } from "./modules/support/chat.service.ts";
import { enquiriesRoutes } from "./modules/support/enquiries.routes.ts";
import { EnquiriesService } from "./modules/support/enquiries.service.ts";

/**
 * Support (issue 15) meets the other modules here: enquiries name clients'
 * venues and players and send commands to them, both parts name people
 * through the accounts directory; attachments are swept while the app runs.
 */
export async function registerSupport(
  app: FastifyInstance,
  ports: {
    directory: AccountDirectory;
    venues: VenueDirectory;
    players: PlayersService;
    live: LiveService;
  },
) {
  const { db } = app;
  const { directory, venues, players, live } = ports;
  const findAccount = (userId: string) => directory.findById(db, userId);
  const namesOf = (ids: string[]) => directory.namesOf(db, ids);
  const supportAttachments = new SupportAttachments({
    db,
    files: app.storage.files,
    log: app.log.child({ module: "support-attachments" }),
  });
  app.decorate("supportAttachments", supportAttachments);
  app.addHook("onReady", async () => supportAttachments.start());
  app.addHook("onClose", async () => supportAttachments.stop());
  const enquiries = new EnquiriesService({
    db,
    bus: app.bus,
    log: app.log.child({ module: "enquiries" }),
    publicUrl: app.config.publicUrl,
    attachments: supportAttachments,
    namesOf,
    establishmentNamesOf: (ids) => venues.namesOf(ids),
    accounts: {
      find: findAccount,
      activeWithRoles: (roles) => directory.activeWithRoles(db, roles),
    },
    establishments: venues,
    players,
    commandPlayer: (staff, player, command) => live.commandByStaff(staff, player, command),
    sendMail: (message) => app.notifier.sendMail(message),
  });
  await app.register(enquiriesRoutes, { enquiries, attachments: supportAttachments });
  const chat = new ChatService({
    db,
    bus: app.bus,
    accounts: { find: findAccount, namesOf },
  });
  app.realtime.useChatTyping(chat);
  await app.register(chatRoutes, { chat });
  return { enquiries, chat };
}
