import { authApi, PARTITION_IDS, type PartitionType, vaultApi } from "@fonika/shared";
import { buildAccessToken, buildTokenPair } from "./factories.ts";
import { buildPartition, buildTreeNode } from "./library-factories.ts";
import { renderApp } from "./render-app.tsx";
import { on, type ScriptedRoute, scriptedServer } from "./scripted-server.ts";

/**
 * The whole app signed in as a content manager at `path`, over a scripted
 * server: `routes` answer first; the side-menu trees answer empty
 * partitions unless a route of the test answers them.
 */
export function renderLibrary(path: string, ...routes: ScriptedRoute[]) {
  const partitionOf = (id: string): PartitionType =>
    id === PARTITION_IDS.tracks ? "tracks" : id === PARTITION_IDS.deleted ? "deleted" : "playlists";
  return renderApp(
    path,
    scriptedServer(
      on(authApi.refreshToken, ({ reply }) =>
        reply(buildTokenPair({ authority: ["role-content-manager"] }, "next")),
      ),
      ...routes,
      on(vaultApi.entryTree, ({ params, reply }) =>
        reply(buildTreeNode(buildPartition(partitionOf(params.id)))),
      ),
    ),
    { token: buildAccessToken({ authority: ["role-content-manager"] }), refreshToken: "stored" },
  );
}
