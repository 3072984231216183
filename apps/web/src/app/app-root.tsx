import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { type DataRouter, RouterProvider } from "react-router";
import type { AppServices } from "../lib/app-services.ts";
import { AppProviders } from "./providers.tsx";

interface AppRootProps {
  services: AppServices;
  queryClient: QueryClient;
  router: DataRouter;
}

/**
 * The whole app under its providers: what the browser mounts (main.tsx)
 * and what the build renders to HTML for the public pages (prerender/),
 * one tree for both, so that hydration meets the markup it expects.
 */
export function AppRoot({ services, queryClient, router }: AppRootProps) {
  return (
    <StrictMode>
      <AppProviders services={services} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
