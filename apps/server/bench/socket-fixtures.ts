import { API_BASE, PLAYER_SOCKET_PATH, playerSocketProtocols } from "@fonika/shared";
import { establishments } from "../src/db/schema.ts";
import { AccountsStore, type UserRow } from "../src/modules/accounts/accounts.ts";
import { AuthStore, SessionIssuer, type SessionRow } from "../src/modules/auth/auth.ts";
import { PlayersStore } from "../src/modules/players/players.ts";
import type { BenchApp } from "./support.ts";

/**
 * The socket bench's fixtures (sockets.ts): owners, their venues, box
 * players and device sessions, made through the product's repositories as
 * the tests' factories do, and the sockets to open on them.
 */

/** One socket the loader opens: a device of `playerId`, or (null) the owner's remote. */
export interface SocketSpec {
  url: string;
  /** The subprotocols offered: the player socket's and the access token's (issue 31). */
  protocols: string[];
  owner: string;
  playerId: string | null;
}

/** A session of the bench's, of which fresh access tokens are minted before each connection. */
export interface SessionOfSocket {
  session: SessionRow;
  user: UserRow;
  owner: string;
  playerId: string | null;
  /** A device's box player's serial number (the box finds its player by it). */
  serial?: string;
}

/**
 * The owners, their venues, players and device sessions, and a browser
 * session per owner, made in the product's database; answers the sockets'
 * sessions, a device of every owner before the next player of any (so that
 * consecutive players belong to different owners).
 */
export async function makeFixtures(
  bench: BenchApp,
  shape: { owners: number; players: number },
): Promise<SessionOfSocket[]> {
  const { owners: OWNERS, players: PLAYERS } = shape;
  const PLAYERS_PER_OWNER = Math.ceil(PLAYERS / OWNERS);
  const db = bench.app.db;
  const client = { ip: "127.0.0.1", userAgent: "sockets bench" };
  const remotes: SessionOfSocket[] = [];
  const devices: SessionOfSocket[][] = [];
  for (let owner = 0; owner < OWNERS; owner++) {
    const email = `bench-owner-${letters(owner)}@fonika.test`;
    const user = await new AccountsStore(db).accounts.insertUserIfAbsent({
      email,
      phone: null,
      authority: ["role-client"],
    });
    const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const browser = { userId: user.id, kind: "browser" as const, establishmentId: null, expiresAt };
    const remote = await new AuthStore(db).auth.insertSession({ ...browser, ...client });
    remotes.push({ session: remote, user, owner: user.id, playerId: null });
    for (let index = 0; index < PLAYERS_PER_OWNER; index++) {
      if (owner * PLAYERS_PER_OWNER + index >= PLAYERS) break;
      const address = `Москва, Бенчевая, ${owner}-${index}`;
      const [venue] = await db
        .insert(establishments)
        .values({ userId: user.id, name: `Кафе ${owner}-${index}`, address })
        .returning({ id: establishments.id });
      if (!venue) throw new Error("establishment insert returned no row");
      const serial = `BENCH-${owner}-${index}`;
      const player = await new PlayersStore(db).players.insertPlayer({
        userId: user.id,
        establishmentId: venue.id,
        name: `Бокс ${index + 1}`,
        type: "boxPlayer",
        serialBoxNumber: serial,
        address,
      });
      if (player === "taken") throw new Error("bench serial number taken");
      const session = await new AuthStore(db).auth.insertSession({
        userId: user.id,
        kind: "device",
        establishmentId: venue.id,
        expiresAt: null,
        ...client,
      });
      const round = devices[index] ?? [];
      round.push({ session, user, owner: user.id, playerId: player.id, serial });
      devices[index] = round;
    }
  }
  return [...remotes, ...devices.flat()];
}

/** The sockets to open on the product, each with an access token minted now (they last 5 minutes). */
export async function productSockets(
  bench: BenchApp,
  sessions: readonly SessionOfSocket[],
): Promise<SocketSpec[]> {
  const issuer = new SessionIssuer(bench.app.accessTokens, bench.app.config.sessionLifetimeDays);
  return socketsOn(issuer, () => bench.base, sessions);
}

/**
 * The sockets to open on the server at `baseOf(session)` (http://host:port;
 * a bench of several processes spreads them), each with an access token
 * `issuer` mints now.
 */
export async function socketsOn(
  issuer: SessionIssuer,
  baseOf: (session: SessionOfSocket) => string,
  sessions: readonly SessionOfSocket[],
): Promise<SocketSpec[]> {
  const socketUrl = (base: string) =>
    `${base.replace("http", "ws")}${API_BASE}${PLAYER_SOCKET_PATH}`;
  return Promise.all(
    sessions.map(async (socket) => {
      const { session, user, owner, playerId } = socket;
      const base = socketUrl(baseOf(socket));
      return {
        // A device names its player, as the box player and the web player do.
        url: playerId ? `${base}?playerId=${playerId}` : base,
        // The token as a subprotocol, as the web app and the box send it.
        protocols: playerSocketProtocols(await issuer.accessToken(session, user)),
        owner,
        playerId,
      };
    }),
  );
}

/**
 * What a relay's socket offers: the same subprotocols as the product's, the
 * token's with a placeholder as long as a device's token (about 420
 * characters), so that both handshakes parse as many header bytes. A bare
 * `ws` server chooses the first offered, the player socket's own.
 */
const RELAY_PROTOCOLS = playerSocketProtocols("t".repeat(420));

/** The relay's sockets for the bench's sessions, on the relay at `portOf(session)`. */
export function relaySocketsOf<Session extends Pick<SessionOfSocket, "owner" | "playerId">>(
  sessions: readonly Session[],
  portOf: (session: Session) => number,
): SocketSpec[] {
  return sessions.map((session) => ({
    url: `ws://127.0.0.1:${portOf(session)}/?owner=${session.owner}&player=${session.playerId ?? ""}`,
    protocols: RELAY_PROTOCOLS,
    owner: session.owner,
    playerId: session.playerId,
  }));
}

/** Letters only, so that the account's e-mail is made of letters like the other benches'. */
function letters(index: number): string {
  let name = "";
  let rest = index;
  do {
    name = String.fromCharCode(97 + (rest % 26)) + name;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return name;
}
