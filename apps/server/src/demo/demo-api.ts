import {
  API_BASE,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointPath,
} from "@fonika/shared";
import type { FastifyInstance } from "fastify";

/**
 * The demo's hands: it calls the product's own API in process
 * (`app.inject`), as the people it plays would from a browser, through the
 * shared endpoint definitions — so every rule, policy and side effect of
 * the real calls applies, and no URL is spelled here.
 */

export interface CallInput<E extends Endpoint> {
  token?: string;
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
}

/** A call the server refused: the demo stops and says which step failed and why. */
export class DemoStepError extends Error {
  override name = "DemoStepError";
}

/** Makes one call; answers its parsed response, or throws with the server's answer. */
export async function callApi<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: CallInput<E> = {},
): Promise<EndpointResponse<E>> {
  const url = `${API_BASE}${endpointPath(endpoint.path, (input.params ?? {}) as Record<string, string>)}`;
  const answer = await app.inject({
    method: endpoint.method,
    url,
    query: input.query as Record<string, string> | undefined,
    headers: input.token ? { authorization: `Bearer ${input.token}` } : {},
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
  if (answer.statusCode >= 300) {
    throw new DemoStepError(
      `${endpoint.method} ${url} answered ${answer.statusCode}: ${answer.body.slice(0, 500)}`,
    );
  }
  return endpoint.response.parse(answer.body ? answer.json() : undefined) as EndpointResponse<E>;
}
