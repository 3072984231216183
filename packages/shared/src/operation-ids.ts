import type { Endpoint } from "./endpoint.ts";

/** Exports named like `authApi`: one contract file's endpoints, as a namespace. */
const API_NAMESPACE = /^([a-z][A-Za-z0-9]*)Api$/;

/**
 * The OpenAPI `operationId` of every endpoint, derived from where the shared
 * package exports it: the export `emailSendCode` of the namespace `authApi`
 * becomes `authEmailSendCode`. Generated clients name their methods after
 * these, so an id changes only when the endpoint is renamed in its contract.
 *
 * `exports` is the shared package's module namespace (`import * as`): every
 * export named `<feature>Api` is read, so a new contract file is covered as
 * soon as index.ts exports it as such a namespace. Throws when two endpoints
 * would share an id, or one endpoint would get two.
 */
export function buildOperationIds(
  exports: Readonly<Record<string, unknown>>,
): Map<Endpoint, string> {
  const ids = new Map<Endpoint, string>();
  const owners = new Map<string, string>();
  for (const [namespaceName, namespace] of Object.entries(exports)) {
    const prefix = API_NAMESPACE.exec(namespaceName)?.[1];
    if (!prefix || typeof namespace !== "object" || namespace === null) continue;
    for (const [exportName, value] of Object.entries(namespace)) {
      if (!isEndpoint(value)) continue;
      const id = `${prefix}${exportName.charAt(0).toUpperCase()}${exportName.slice(1)}`;
      const source = `${namespaceName}.${exportName}`;
      const earlierOwner = owners.get(id);
      if (earlierOwner) {
        throw new Error(`operationId "${id}" of ${source} is already taken by ${earlierOwner}`);
      }
      const earlierId = ids.get(value);
      if (earlierId && earlierId !== id) {
        throw new Error(`${source} is also exported as "${earlierId}"; export an endpoint once`);
      }
      ids.set(value, id);
      owners.set(id, source);
    }
  }
  return ids;
}

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Record<keyof Endpoint, unknown>>;
  return (
    typeof candidate.method === "string" &&
    typeof candidate.path === "string" &&
    typeof candidate.summary === "string" &&
    candidate.response !== undefined
  );
}
