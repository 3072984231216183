import type { FastifyInstance } from "fastify";
import type { AccountDirectory } from "./modules/accounts/accounts.ts";
import type { VenueDirectory } from "./modules/establishments/establishments.ts";
import type { LiveService, PlayerDirectory } from "./modules/players/players.ts";
import { registerChatSocket } from "./modules/support/chat.socket.ts";
import { registerEnquiriesSocket } from "./modules/support/enquiries.socket.ts";
import { createSupport } from "./modules/support/support.ts";

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
    players: PlayerDirectory;
    live: LiveService;
  },
) {
  const { db } = app;
  const { directory, venues, players, live } = ports;
  const support = createSupport({
    db,
    bus: app.bus,
    files: app.storage.files,
    log: app.log,
    publicUrl: app.config.publicUrl,
    accounts: {
      find: (userId) => directory.findById(db, userId),
      namesOf: (ids) => directory.namesOf(db, ids),
      activeWithRoles: (roles) => directory.activeWithRoles(db, roles),
    },
    establishments: venues,
    players,
    commandPlayer: (staff, player, command) => live.commandByStaff(staff, player, command),
    sendMail: (message) => app.notifier.sendMail(message),
  });
  app.decorate("supportAttachments", support.attachments);
  await app.register(support.plugin);
  registerEnquiriesSocket(app.realtime);
  registerChatSocket(app.realtime, support.chat);
  return support;
}
