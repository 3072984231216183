import { useLayoutEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";

/**
 * A page opened by a link or a redirect starts at its top, as a page of a
 * multi-page site would (issue 17: a client opened from a list landed
 * halfway down). Only a new path does: a list's paging and filters change
 * the query and keep their place, and going back (POP) is left to the
 * browser's own restoring.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useLayoutEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The frame of every route: the scroll reset above the matched screen. */
export function RouteFrame() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}
