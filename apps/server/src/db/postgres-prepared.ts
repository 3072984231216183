import { createHash } from "node:crypto";
import type pg from "pg";
import { MAX_PREPARED, PREPARED_READ } from "./prepared.ts";

/**
 * Every connection of the pool prepares a read once, under a name derived
 * from its text, and PostgreSQL keeps its plan for the connection
 * (plan_cache_mode = force_generic_plan, set in the pool's options; on
 * PGlite, in its worker, whose one session every connection shares): a read
 * is planned once per connection instead of per run, and its
 * plan does not follow the text searched (a plan made for one regular
 * expression read 17 000 songs in order rather than the trigram index).
 * drizzle names its own prepared queries; those keep their names.
 */
export function prepareReads(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < MAX_PREPARED) {
      name = `fonika_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      if (
        config &&
        typeof config === "object" &&
        "text" in config &&
        typeof config.text === "string" &&
        !("name" in config && config.name) &&
        PREPARED_READ.test(config.text)
      ) {
        const name = nameOf(config.text);
        if (name) return query({ ...config, name }, ...rest);
      }
      return query(config, ...rest);
    }) as typeof client.query;
  });
}
