import type { Role } from "@fonika/shared";
import { canAccessRoute, ROUTES, type RouteDefinition, startPathOf } from "../config/routes.ts";
import type { SessionStatus } from "../lib/auth/session.ts";

export type GuardDecision =
  | { kind: "render" }
  /** The login state is not known yet: show a loader for now. */
  | { kind: "wait" }
  | {
      kind: "redirect";
      to: string;
      /** A visitor not signed in leaves a protected route: sign-in returns to it. */
      rememberReturn?: true;
      /** Signed in, the visitor goes back where the guard found them: the path is used up. */
      returning?: true;
    };

export interface GuardInput {
  status: SessionStatus;
  role: Role;
  /** True once the guard has waited TIMING.routeGuardWaitMs for the state. */
  waitExpired: boolean;
  /** Where a visitor was going when the guard sent them Home (lib/auth/return-to.ts). */
  returnTo?: string | null;
}

const render: GuardDecision = { kind: "render" };
const home: GuardDecision = { kind: "redirect", to: ROUTES.Home.path, rememberReturn: true };

/**
 * SPEC.md §2 Route guard: open routes always render; other routes wait for
 * an unknown login state up to 1500 ms and then go Home; a visitor who is
 * not signed in goes Home; a signed-in user without access goes to their
 * start screen. A signed-in user opening Home or Auth goes to their start
 * screen too — or, once, back to the route the guard sent them Home from
 * (a link opened before signing in, such as a device's approval link).
 */
export function decideRoute(
  route: RouteDefinition,
  { status, role, waitExpired, returnTo }: GuardInput,
): GuardDecision {
  const signedIn = status === "signed-in";
  if (route.name === ROUTES.Home.name || route.name === ROUTES.Auth.name) {
    if (signedIn && returnTo) return { kind: "redirect", to: returnTo, returning: true };
    if (signedIn) return { kind: "redirect", to: startPathOf(role) };
    // A remembered session is being restored: do not flash the landing page.
    if (route.name === ROUTES.Home.name && status === "unknown" && !waitExpired)
      return { kind: "wait" };
    return render;
  }
  if (route.access.kind === "open") return render;
  if (status === "unknown") return waitExpired ? home : { kind: "wait" };
  if (!signedIn) return home;
  return canAccessRoute(route, role) ? render : { kind: "redirect", to: startPathOf(role) };
}
