import { MESSAGES } from "@fonika/shared";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { NetworkActivityBar } from "../components/ui/network-activity-bar.tsx";
import { isApiError } from "../lib/api-client.ts";
import { type AppServices, AppServicesContext } from "../lib/app-services.ts";
import { FreshQueryClient } from "../lib/query-client.ts";
import { watchFailedSubmits } from "../lib/reveal-invalid-field.ts";
import { AppToasts } from "./toasts.tsx";

/**
 * Queries retry only what may pass on a second try: no 4xx answers; an
 * invalidation also fetches again a first answer still on its way
 * (FreshQueryClient).
 */
export function createQueryClient(): QueryClient {
  return new FreshQueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

interface AppProvidersProps {
  services: AppServices;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Makes the app's clients available and ties them together: the player
 * socket follows the session (open while signed in), a socket the server
 * denies ends the session, and signing out drops every cached answer
 * (profile, avatar, lists). A failed submit of any form brings its first
 * wrong field into view.
 */
export function AppProviders({ services, queryClient, children }: AppProvidersProps) {
  // Every form at once: a failed submit shows and focuses its first wrong field.
  useEffect(() => watchFailedSubmits(document), []);

  useEffect(() => {
    const { session, playerSocket } = services;
    let previous = session.getState();
    if (previous.status === "signed-in") playerSocket.connect();
    const unsubscribe = session.subscribe(() => {
      const current = session.getState();
      if (current.status === "signed-in" && previous.status !== "signed-in") {
        playerSocket.connect();
      }
      if (current.status !== "signed-in" && previous.status === "signed-in") {
        playerSocket.close();
        queryClient.clear();
      }
      if (current.status === "signed-in" && current.userId !== previous.userId) {
        queryClient.clear();
      }
      previous = current;
    });
    // The server denies the socket of a session it ended (a block, a
    // deletion, the owner ending a device): the session ends here at once,
    // not at the next refresh. A role changed by staff (an activation)
    // denies the old role's socket but keeps the session: the refreshed
    // token carries the new role, and the socket comes back with it.
    const stopListening = playerSocket.subscribe((message) => {
      if (message.type === "error" && message.message === MESSAGES.accessDenied) {
        const deniedRole = session.getState().role;
        void session.confirm().then(() => {
          const now = session.getState();
          if (now.status === "signed-in" && now.role !== deniedRole) playerSocket.connect();
        });
      }
    });
    void session.start();
    return () => {
      unsubscribe();
      stopListening();
      playerSocket.close();
    };
  }, [services, queryClient]);

  return (
    <AppServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        {children}
        <NetworkActivityBar />
        <AppToasts />
      </QueryClientProvider>
    </AppServicesContext.Provider>
  );
}
