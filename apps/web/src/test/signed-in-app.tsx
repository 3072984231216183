import {
  accountsApi,
  authApi,
  PARTITION_IDS,
  type PartitionType,
  playerAlertsApi,
  type Role,
  supportApi,
  vaultApi,
} from "@fonika/shared";
import { buildAccessToken, buildProfile, buildTokenPair } from "./factories.ts";
import { buildPartition, buildTreeNode } from "./library-factories.ts";
import { renderApp } from "./render-app.tsx";
import { on, type ScriptedRoute, scriptedServer } from "./scripted-server.ts";

/** The signed-in user of `renderSignedIn`. */
export const SIGNED_IN_USER_ID = "00000000-0000-4000-8000-0000000000e5";

/**
 * The whole app signed in as `role` at `path`, over a scripted server:
 * `routes` answer first; the user's own profile, the content manager's
 * side-menu trees (empty partitions), the client's silence alerts (none)
 * and support's unread counters (none) answer unless a route of the test does.
 */
export function renderSignedIn(role: Role, path: string, ...routes: ScriptedRoute[]) {
  const partitionOf = (id: string): PartitionType =>
    id === PARTITION_IDS.tracks ? "tracks" : id === PARTITION_IDS.deleted ? "deleted" : "playlists";
  return renderApp(
    path,
    scriptedServer(
      on(authApi.refreshToken, ({ reply }) =>
        reply(buildTokenPair({ sub: SIGNED_IN_USER_ID, authority: [role] }, "next")),
      ),
      ...routes,
      on(accountsApi.getPersonalInfo, ({ params, reply }) =>
        reply(buildProfile({ userId: params.userId, role, authority: [role] })),
      ),
      on(vaultApi.entryTree, ({ params, reply }) =>
        reply(buildTreeNode(buildPartition(partitionOf(params.id)))),
      ),
      // No player is silent unless a test says so (the client's menu badge asks).
      on(playerAlertsApi.listPlayerAlerts, ({ reply }) => reply({ data: [] })),
      // Nothing of support is unread unless a test says so (the menu's counters ask).
      on(supportApi.getSupportUnread, ({ reply }) => reply({ enquiries: 0, chat: 0 })),
    ),
    {
      token: buildAccessToken({ sub: SIGNED_IN_USER_ID, authority: [role] }),
      refreshToken: "stored",
    },
  );
}
