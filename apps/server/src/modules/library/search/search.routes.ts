import { searchApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import type { SearchService } from "./search.service.ts";

/** The library's search calls (SPEC.md §7 Search). */
export async function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }) {
  registerEndpoint(app, searchApi.commonSearch, ({ actor, query }) => search.common(actor, query));
  registerEndpoint(app, searchApi.searchSongs, ({ actor, query }) => search.songs(actor, query));
}
