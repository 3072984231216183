import { type ReactNode, useEffect, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "../components/ui/spinner.tsx";
import { TIMING } from "../config/constants.ts";
import type { RouteDefinition } from "../config/routes.ts";
import { useSessionState } from "../lib/app-services.ts";
import {
  noteSignedIn,
  peekReturnTo,
  rememberReturnTo,
  takeReturnTo,
} from "../lib/auth/return-to.ts";
import { decideRoute } from "./guard.ts";

interface RouteGuardProps {
  route: RouteDefinition;
  children: ReactNode;
}

/** The tab's title on a route (the prerendered public pages carry it too). */
export function documentTitleOf(route: RouteDefinition): string {
  return route.name === "Home" ? "Фоника — музыка для бизнеса" : `${route.title} — Фоника`;
}

/** Renders a screen, a loader or a redirect as `decideRoute` says; names the tab. */
export function RouteGuard({ route, children }: RouteGuardProps) {
  const { status, role } = useSessionState();
  const [waitExpired, setWaitExpired] = useState(false);

  useEffect(() => {
    if (status !== "unknown") return;
    const handle = window.setTimeout(() => setWaitExpired(true), TIMING.routeGuardWaitMs);
    return () => window.clearTimeout(handle);
  }, [status]);

  useEffect(() => {
    document.title = documentTitleOf(route);
  }, [route]);

  useEffect(() => {
    if (status === "signed-in") noteSignedIn();
  }, [status]);

  const location = useLocation();
  const decision = decideRoute(route, { status, role, waitExpired, returnTo: peekReturnTo() });
  const leaving =
    decision.kind === "redirect" && decision.rememberReturn
      ? `${location.pathname}${location.search}`
      : null;
  const returning = decision.kind === "redirect" && decision.returning === true;
  // After rendering, not while: a render may run twice and must change nothing.
  useEffect(() => {
    if (leaving) rememberReturnTo(leaving);
  }, [leaving]);
  useEffect(() => {
    if (returning) takeReturnTo();
  }, [returning]);

  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;
  if (decision.kind === "wait") return <Spinner label="Проверяем вход…" />;
  return children;
}
