import type { IncomingSocketMessage } from "@fonika/shared";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { AppProviders, createQueryClient } from "../app/providers.tsx";
import { buildRoutes } from "../app/router.tsx";
import type { AppServices } from "../lib/app-services.ts";
import { createSession } from "../lib/auth/session.ts";
import { createTokenStorage } from "../lib/auth/token-storage.ts";
import type { PlayerSocket } from "../lib/socket.ts";
import { browserTimers } from "../lib/timers.ts";
import { buildApiClient, MemoryStorage } from "./factories.ts";
import type { FetchHandler } from "./scripted-server.ts";

/** The whole app in memory: real router, guard and screens over a scripted API. */
export function renderApp(
  path: string,
  handler: FetchHandler,
  stored?: { token: string; refreshToken: string },
) {
  const local = new MemoryStorage();
  const temporary = new MemoryStorage();
  const storage = createTokenStorage(local, temporary);
  if (stored) storage.save(stored, true);
  let session: ReturnType<typeof createSession> | undefined;
  const { api, fetch } = buildApiClient(handler, () => session?.getAccessToken() ?? null);
  session = createSession({ api, storage, timers: browserTimers });
  // Who listens to the socket now: a test speaks for the server to these only.
  const socketListeners = new Set<(message: IncomingSocketMessage) => void>();
  const playerSocket: PlayerSocket = {
    connect: vi.fn(),
    close: vi.fn(),
    send: vi.fn(() => true),
    onPing: vi.fn(() => () => {}),
    subscribe: vi.fn((listener: (message: IncomingSocketMessage) => void) => {
      socketListeners.add(listener);
      return () => socketListeners.delete(listener);
    }),
    isAbandoned: () => false,
  };
  const services: AppServices = { api, session, playerSocket };
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <AppProviders services={services} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, session, fetch, local, temporary, playerSocket, socketListeners };
}
