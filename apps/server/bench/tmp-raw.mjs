import { PGlite } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";

const db = await PGlite.create();
await db.exec(
  `create table users (id uuid primary key default gen_random_uuid(), email text, phone text, authority text[] not null, status text not null default 'active', type text, last_name text, first_name text, patronymic text, contact_email text, contact_phone text, company text, image_url text, agreement_accepted_at timestamptz, created_at timestamptz not null default now(), updated_at timestamptz not null default now(), deleted_at timestamptz, deleted_address_hash text);`,
);
const { rows } = await db.query(
  `insert into users (email, authority) values ('a@b', '{role-admin}') returning id`,
);
const id = rows[0].id;
async function t(name, f) {
  for (let i = 0; i < 500; i++) await f();
  const n = 5000;
  const s = performance.now();
  for (let i = 0; i < n; i++) await f();
  console.log(name.padEnd(40), Math.round(n / ((performance.now() - s) / 1000)));
}
const q13 =
  "select id, email, phone, contact_phone, contact_email, last_name, first_name, patronymic, type, image_url, authority, status, created_at from users where id = $1";
const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
await db.execProtocol(
  concat(serialize.parse({ name: "p13", text: q13, types: [] }), serialize.sync()),
);
await db.execProtocol(
  concat(serialize.parse({ name: "p1", text: "select 1", types: [] }), serialize.sync()),
);
const r = await db.execProtocol(
  concat(
    serialize.bind({ statement: "p13", values: [id] }),
    serialize.execute({}),
    serialize.sync(),
  ),
);
console.log(r.messages.map((m) => m.name));
await t("pglite query select 1", () => db.query("select 1"));
await t("pglite query 13", () => db.query(q13, [id]));
await t("raw batched p1", () =>
  db.execProtocol(
    concat(
      serialize.bind({ statement: "p1", values: [] }),
      serialize.execute({}),
      serialize.sync(),
    ),
  ),
);
await t("raw batched p13", () =>
  db.execProtocol(
    concat(
      serialize.bind({ statement: "p13", values: [id] }),
      serialize.execute({}),
      serialize.sync(),
    ),
  ),
);
await t("raw batched p13 (no fs sync)", () =>
  db.execProtocol(
    concat(
      serialize.bind({ statement: "p13", values: [id] }),
      serialize.execute({}),
      serialize.sync(),
    ),
    { syncToFs: false },
  ),
);
