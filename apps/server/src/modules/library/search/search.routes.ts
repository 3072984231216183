import { searchApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import type { Library } from "../library.ts";

/** The library's search calls (SPEC.md §7 Search). */
export async function searchRoutes(app: FastifyInstance, { library }: { library: Library }) {
  const { search } = library;
  registerEndpoint(app, searchApi.commonSearch, ({ actor, query }) => search.common(actor, query));
  registerEndpoint(app, searchApi.searchSongs, ({ actor, query }) => search.songs(actor, query));
}
