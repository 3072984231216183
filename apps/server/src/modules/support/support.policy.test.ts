import type { Role } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../kernel/actor.ts";
import {
  abilitiesOf,
  assertMayMove,
  assertMaySeeEnquiry,
  clientOfNewEnquiry,
  type EnquiryFacts,
  enquiryScopeOf,
  stateAfterReply,
  subjectOf,
} from "./support.policy.ts";

const CLIENT = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";

function actor(role: Role, userId = "00000000-0000-4000-8000-0000000000ff"): Actor {
  return {
    userId,
    role,
    authority: [role],
    sessionId: "s",
    sessionKind: "browser",
    establishmentId: null,
  };
}

const billing: EnquiryFacts = { clientId: CLIENT, topic: "billing", state: "new" };
const music: EnquiryFacts = { clientId: CLIENT, topic: "music-content", state: "new" };

describe("who sees an enquiry", () => {
  it("gives every role its scope, and 404 (not 403) outside it", () => {
    const cells: Array<[Actor, EnquiryFacts, boolean]> = [
      [actor("role-client", CLIENT), billing, true],
      [actor("role-client", OTHER), billing, false],
      [actor("role-support"), billing, true],
      [actor("role-admin"), billing, true],
      [actor("role-client-manager"), billing, true],
      [actor("role-content-manager"), billing, false],
      [actor("role-content-manager"), music, true],
    ];
    const wrong = cells.filter(([who, enquiry, sees]) => {
      try {
        assertMaySeeEnquiry(who, enquiry);
        return !sees;
      } catch (error) {
        return sees || (error as { status: number }).status !== 404;
      }
    });
    expect(wrong.map(([who, enquiry]) => `${who.role} ${enquiry.topic}`)).toEqual([]);
    expect(() => enquiryScopeOf(actor("role-accountant" as Role))).toThrow();
    expect(() => enquiryScopeOf({ ...actor("role-client"), sessionKind: "device" })).toThrow();
  });

  it("creates for oneself as a client, for a named client as an admin", () => {
    expect(clientOfNewEnquiry(actor("role-client", CLIENT), undefined)).toBe(CLIENT);
    expect(clientOfNewEnquiry(actor("role-client", CLIENT), CLIENT)).toBe(CLIENT);
    expect(() => clientOfNewEnquiry(actor("role-client", CLIENT), OTHER)).toThrow(
      expect.objectContaining({ status: 403 }),
    );
    expect(clientOfNewEnquiry(actor("role-admin"), OTHER)).toBe(OTHER);
    expect(() => clientOfNewEnquiry(actor("role-admin"), undefined)).toThrow();
    expect(() => clientOfNewEnquiry(actor("role-support"), OTHER)).toThrow();
  });
});

describe("moves and replies", () => {
  it("lets each side move as ENQUIRY_TRANSITIONS say, 409 otherwise", () => {
    const resolved: EnquiryFacts = { ...billing, state: "resolved" };
    expect(abilitiesOf(actor("role-client", CLIENT), resolved).moveTo).toEqual([
      "in-progress",
      "closed",
    ]);
    expect(abilitiesOf(actor("role-client", CLIENT), billing).moveTo).toEqual([]);
    expect(abilitiesOf(actor("role-support"), billing).moveTo).toEqual([
      "in-progress",
      "resolved",
      "closed",
    ]);
    expect(abilitiesOf(actor("role-content-manager"), music).moveTo).toEqual([]);
    expect(() => assertMayMove(actor("role-client", CLIENT), billing, "closed")).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(() => assertMayMove(actor("role-content-manager"), music, "resolved")).toThrow(
      expect.objectContaining({ status: 403 }),
    );
  });

  it("takes a new one in progress on support's answer and brings back one waiting or resolved on the client's", () => {
    expect(stateAfterReply("staff", "new")).toBe("in-progress");
    expect(stateAfterReply("staff", "waiting-client")).toBeNull();
    expect(stateAfterReply("client", "new")).toBeNull();
    expect(stateAfterReply("client", "waiting-client")).toBe("in-progress");
    expect(stateAfterReply("client", "resolved")).toBe("in-progress");
    expect(stateAfterReply("client", "in-progress")).toBeNull();
  });

  it("takes the first line that holds text as the subject, cut to 120 characters", () => {
    expect(subjectOf("\n  \n  Нет звука \nвторая")).toBe("Нет звука");
    expect(subjectOf("я".repeat(200))).toHaveLength(120);
  });
});
