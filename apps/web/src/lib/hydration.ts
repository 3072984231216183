import { useSyncExternalStore } from "react";

/**
 * The public pages come as HTML rendered at build (app/prerender/), which
 * the app then takes over (hydrates): its first render there must give
 * that HTML again. These hooks answer what the HTML holds during that
 * render (React asks for the "server snapshot" while hydrating), and the
 * browser's own answer in every other render.
 */
const noChanges = () => () => {};

/**
 * False only while the app takes a prerendered page over. A form's
 * controls are inert in that HTML (read-only fields, a disabled submit):
 * what a visitor typed before the app ran would be lost on it (React keeps
 * the form's values in its own state), and a submit would be sent by the
 * browser itself, as a page load.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/**
 * The year the build rendered the public pages in (vite.config.ts sets it
 * for both of the build's bundles); absent in tests and in development.
 */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || undefined;
const currentYear = () => new Date().getFullYear();

/**
 * This year, for a footer's ©. A prerendered page carries the build's
 * year: taking it over, the app first shows that year (as the HTML does)
 * and then this one, should they differ.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(noChanges, currentYear, () => BUILD_YEAR ?? currentYear());
}
