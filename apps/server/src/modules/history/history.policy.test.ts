import type { Role } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../kernel/actor.ts";
import {
  assertMayReadEstablishmentHistory,
  assertMayReadPlayerHistory,
  assertMayReportAllVenues,
} from "./history.policy.ts";

const OWNER = "00000000-0000-4000-8000-000000000001";

function actor(role: Role, overrides: Partial<Actor> = {}): Actor {
  return {
    userId: "00000000-0000-4000-8000-000000000002",
    authority: [role],
    role,
    sessionId: "session",
    sessionKind: "browser",
    establishmentId: null,
    ...overrides,
  };
}

/** The status a check answers: 200 when it lets the actor through. */
function statusOf(check: () => void): number {
  try {
    check();
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe("who reads broadcast history", () => {
  it("lets the owner and staff who see clients read a player's or venue's history; others hear 404", () => {
    const cases: Array<[string, Actor, number]> = [
      ["owner", actor("role-client", { userId: OWNER }), 200],
      ["admin", actor("role-admin"), 200],
      ["client manager", actor("role-client-manager"), 200],
      ["support", actor("role-support"), 200],
      ["another client", actor("role-client"), 404],
      ["content manager", actor("role-content-manager"), 404],
      [
        "the owner's player device",
        actor("player-device" as Role, { userId: OWNER, sessionKind: "device" }),
        404,
      ],
    ];
    const wrong = cases.flatMap(([who, subject, expected]) =>
      [
        statusOf(() => assertMayReadPlayerHistory(subject, OWNER)),
        statusOf(() => assertMayReadEstablishmentHistory(subject, OWNER)),
      ].some((status) => status !== expected)
        ? [who]
        : [],
    );
    expect(wrong).toEqual([]);
  });

  it("keeps the report across all venues to staff who see clients", () => {
    expect(statusOf(() => assertMayReportAllVenues(actor("role-admin")))).toBe(200);
    expect(statusOf(() => assertMayReportAllVenues(actor("role-support")))).toBe(200);
    expect(statusOf(() => assertMayReportAllVenues(actor("role-client")))).toBe(403);
    expect(statusOf(() => assertMayReportAllVenues(actor("role-content-manager")))).toBe(403);
    expect(
      statusOf(() => assertMayReportAllVenues(actor("role-admin", { sessionKind: "device" }))),
    ).toBe(403);
  });
});
