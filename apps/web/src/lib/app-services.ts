import { createContext, useContext, useSyncExternalStore } from "react";
import type { ApiClient } from "./api-client.ts";
import type { Session, SessionState } from "./auth/session.ts";
import type { PlayerSocket } from "./socket.ts";

/** The long-lived clients of the app, made once at start-up (app/services.ts). */
export interface AppServices {
  api: ApiClient;
  session: Session;
  playerSocket: PlayerSocket;
}

export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error("useAppServices needs <AppProviders> above it");
  return services;
}

export function useApiClient(): ApiClient {
  return useAppServices().api;
}

/** The session state, re-rendering on every change. */
export function useSessionState(): SessionState {
  const { session } = useAppServices();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

export function useSession(): Session {
  return useAppServices().session;
}

/** How many API calls are out right now (SPEC.md §7), re-rendering on change. */
export function useInFlightRequests(): number {
  const { api } = useAppServices();
  return useSyncExternalStore(api.subscribeInFlight, api.inFlight, api.inFlight);
}
