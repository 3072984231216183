import { createHmac, createSecretKey } from "node:crypto";
import { jwtVerify, SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { verifyHs256 } from "./access-token.ts";

const SECRET = new TextEncoder().encode("a secret of at least thirty-two bytes, for tests");
const OTHER = new TextEncoder().encode("another secret of thirty-two bytes or more");
const KEY = createSecretKey(SECRET);
const NOW = Math.floor(Date.now() / 1000);

function signed(
  header: Record<string, unknown> & { alg: string },
  claims: Record<string, unknown>,
  secret = SECRET,
): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(header).sign(secret);
}

/** A token signed with SECRET whatever its header says (jose will not sign some of these). */
function byHand(header: object, claims: unknown): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${encode(header)}.${encode(claims)}`;
  return `${input}.${createHmac("sha256", KEY).update(input).digest("base64url")}`;
}

/** Swaps one character of a segment for another of the alphabet. */
function flipped(token: string, segment: number): string {
  const parts = token.split(".");
  const part = parts[segment] ?? "";
  const at = Math.floor(part.length / 2);
  parts[segment] = `${part.slice(0, at)}${part[at] === "A" ? "B" : "A"}${part.slice(at + 1)}`;
  return parts.join(".");
}

/** What jose's own verification says of a token (with an `exp`, which our tokens all carry). */
async function joseAccepts(token: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, SECRET, { algorithms: ["HS256"] });
    return typeof payload.exp === "number";
  } catch {
    return false;
  }
}

describe("verifyHs256", () => {
  it("accepts the tokens jose's jwtVerify does, and refuses all it refuses", async () => {
    const hs256 = { alg: "HS256", typ: "JWT" };
    const claims = { sub: "user", sid: "session", exp: NOW + 300, iat: NOW };
    const good = await signed(hs256, claims);
    const cases: Record<string, string> = {
      good,
      "no typ": await signed({ alg: "HS256" }, claims),
      "another secret": await signed(hs256, claims, OTHER),
      "HS384 with the same secret": await signed({ alg: "HS384" }, claims),
      "HS512 with the same secret": await signed({ alg: "HS512" }, claims),
      "alg none": new UnsecuredJWT(claims).encode(),
      "alg none, our signature": `${new UnsecuredJWT(claims).encode().split(".")[0]}.${good.split(".").slice(1).join(".")}`,
      "tampered header": flipped(good, 0),
      "tampered claims": flipped(good, 1),
      "tampered signature": flipped(good, 2),
      "signature padded": `${good}=`,
      "signature cut": good.slice(0, -1),
      "no signature": `${good.split(".").slice(0, 2).join(".")}.`,
      "four segments": `${good}.${good.split(".")[2]}`,
      "two segments": good.split(".").slice(0, 2).join("."),
      empty: "",
      "expired a second ago": await signed(hs256, { ...claims, exp: NOW - 1 }),
      "expiring now": await signed(hs256, { ...claims, exp: NOW }),
      "no exp": await signed(hs256, { sub: "user" }),
      "exp a string": await signed(hs256, { ...claims, exp: String(NOW + 300) }),
      "not before a minute from now": await signed(hs256, { ...claims, nbf: NOW + 60 }),
      "not before now": await signed(hs256, { ...claims, nbf: NOW }),
      "iat a string": await signed(hs256, { ...claims, iat: "yesterday" }),
      "a critical extension": byHand({ ...hs256, crit: ["ext"], ext: 1 }, claims),
      "unencoded payload": byHand({ ...hs256, b64: false, crit: ["b64"] }, claims),
      "claims not an object": byHand(hs256, ["exp", NOW + 300]),
    };
    const verdicts = await Promise.all(
      Object.entries(cases).map(async ([name, token]) => ({
        name,
        jose: await joseAccepts(token),
        ours: verifyHs256(token, KEY, NOW) !== null,
      })),
    );
    // The one difference: a signature written with base64's padding, which
    // jose's decoder lets pass and no token of ours carries.
    const stricter = new Set(["signature padded"]);
    for (const verdict of verdicts) {
      const expected = stricter.has(verdict.name)
        ? { jose: true, ours: false }
        : { ours: verdict.jose };
      expect(verdict, verdict.name).toMatchObject(expected);
    }
    // The comparison means something only if both kinds of answer came up.
    expect(verdicts.filter((verdict) => verdict.ours).map((verdict) => verdict.name)).toEqual([
      "good",
      "no typ",
      "not before now",
    ]);
  });

  it("answers the claims of a good token", async () => {
    const token = await signed({ alg: "HS256" }, { sub: "user", exp: NOW + 60, authority: ["x"] });
    expect(verifyHs256(token, KEY, NOW)).toMatchObject({ sub: "user", authority: ["x"] });
  });
});
