import { type CatalogKind, catalogApi, licencesApi } from "@fonika/shared";
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
 * /music/copyright-holder and /music/genre, an author's attachment-file,
 * and a copyright holder's licences.
 */
export async function catalogRoutes(app: FastifyInstance, { library }: { library: Library }) {
  const { catalog, attachments, licences } = library;

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

  // A copyright holder's licences (issue 32).
  registerEndpoint(app, licencesApi.listLicences, ({ actor, params }) =>
    licences.list(actor, params.id),
  );
  registerEndpoint(app, licencesApi.addLicence, ({ actor, params, body }) =>
    licences.add(actor, params.id, body),
  );
  registerEndpoint(app, licencesApi.changeLicence, ({ actor, params, body }) =>
    licences.change(actor, params.id, params.licenceId, body),
  );
  registerEndpoint(app, licencesApi.removeLicence, async ({ actor, params }) => {
    await licences.remove(actor, params.id, params.licenceId);
    return { ok: true as const };
  });
  registerEndpoint(app, licencesApi.changeLicenceDocument, ({ actor, params, upload }) =>
    licences.changeDocument(actor, params.id, params.licenceId, upload),
  );
  registerEndpoint(app, licencesApi.getLicenceDocument, async ({ actor, params, request, reply }) =>
    sendStoredFile(
      app.storage.files,
      request,
      reply,
      await licences.documentFile(actor, params.id, params.licenceId),
    ),
  );
  registerEndpoint(app, licencesApi.listEndingLicences, ({ actor, query }) =>
    licences.ending(actor, query.days),
  );
}
