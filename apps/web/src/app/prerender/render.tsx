import { prerender } from "react-dom/static";
import { createMemoryRouter } from "react-router";
import { AppRoot } from "../app-root.tsx";
import { createQueryClient } from "../providers.tsx";
import { buildRoutes } from "../router.tsx";
import { createAppServices } from "../services.ts";

/**
 * The markup of `path` as a visitor without a session first sees it: the
 * app's own tree (AppRoot, the route table, the guard), rendered once all
 * of its lazy screens have loaded. Nothing is fetched: what a screen asks
 * the API for shows as its loading state (the landing's tariff cards as
 * their placeholders), as in the browser before the answer comes.
 */
export async function renderRoute(path: string): Promise<string> {
  // No window here: the session finds no stored tokens (a visitor), and
  // the socket never opens.
  const services = createAppServices();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const { prelude } = await prerender(
    <AppRoot services={services} queryClient={createQueryClient()} router={router} />,
  );
  const markup = await new Response(prelude).text();
  router.dispose();
  return markup;
}
