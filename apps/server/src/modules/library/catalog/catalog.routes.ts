import { type CatalogKind, catalogApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../../lib/endpoint-route.ts";
import { sendStoredFile } from "../../../storage/send-file.ts";
import type { Library } from "../library.ts";

/** The calls every kind has, as the contract defines them for authors. */
interface KindCalls {
  list: typeof catalogApi.listAuthors;
  add: typeof catalogApi.addAuthor;
  get: typeof catalogApi.getAuthor;
  change: typeof catalogApi.changeAuthor;
  remove: typeof catalogApi.removeAuthor;
}

const KINDS: Array<[CatalogKind, KindCalls]> = [
  [
    "author",
    {
      list: catalogApi.listAuthors,
      add: catalogApi.addAuthor,
      get: catalogApi.getAuthor,
      change: catalogApi.changeAuthor,
      remove: catalogApi.removeAuthor,
    },
  ],
  [
    "copyright-holder",
    {
      list: catalogApi.listCopyrightHolders,
      add: catalogApi.addCopyrightHolder,
      get: catalogApi.getCopyrightHolder,
      change: catalogApi.changeCopyrightHolder,
      remove: catalogApi.removeCopyrightHolder,
    },
  ],
  [
    "genre",
    {
      list: catalogApi.listGenres,
      add: catalogApi.addGenre,
      get: catalogApi.getGenre,
      change: catalogApi.changeGenre,
      remove: catalogApi.removeGenre,
    },
  ],
];

/**
 * The catalog calls (SPEC.md §7 Playlists and songs): /music/author,
 * /music/copyright-holder and /music/genre, and an author's attachment-file.
 */
export async function catalogRoutes(app: FastifyInstance, { library }: { library: Library }) {
  const { catalog, attachments } = library;

  for (const [kind, calls] of KINDS) {
    registerEndpoint(app, calls.list, ({ actor, query }) => catalog.list(actor, kind, query));
    registerEndpoint(app, calls.add, ({ actor, body }) => catalog.add(actor, kind, body.name));
    registerEndpoint(app, calls.get, ({ actor, params }) => catalog.get(actor, kind, params.id));
    registerEndpoint(app, calls.change, ({ actor, params, body }) =>
      catalog.change(actor, kind, params.id, body.name),
    );
    registerEndpoint(app, calls.remove, async ({ actor, params }) => {
      await catalog.remove(actor, kind, params.id);
      return { ok: true as const };
    });
  }

  registerEndpoint(app, catalogApi.addAuthorAttachment, ({ actor, params, upload }) =>
    attachments.add(actor, params.id, upload),
  );
  registerEndpoint(app, catalogApi.listAuthorAttachments, ({ actor, params }) =>
    attachments.list(actor, params.id),
  );
  registerEndpoint(app, catalogApi.getAuthorAttachment, async ({ actor, params, request, reply }) =>
    sendStoredFile(
      app.storage.files,
      request,
      reply,
      await attachments.documentFile(actor, params.id, params.attachmentId),
    ),
  );
  registerEndpoint(app, catalogApi.removeAuthorAttachment, async ({ actor, params }) => {
    await attachments.remove(actor, params.id, params.attachmentId);
    return { ok: true as const };
  });
}
