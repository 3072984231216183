import { describe, expect, it } from "vitest";
import {
  admits,
  mayCall,
  ROLE_ABILITIES,
  type RoleAbility,
  roleAbilitiesOf,
  roleMay,
} from "./abilities.ts";
import * as authApi from "./contracts/auth.ts";
import * as playersApi from "./contracts/players.ts";
import * as supportApi from "./contracts/support.ts";
import { CHAT_ROLES, CHAT_STAFF_ROLES } from "./contracts/support-common.ts";
import * as vaultApi from "./contracts/vault.ts";
import { defineEndpoint, type Endpoint, okSchema } from "./endpoint.ts";
import { ROLES, type Role } from "./roles.ts";

describe("role abilities", () => {
  it("gives each role exactly the abilities the screens showed it by role name before", () => {
    const expected: Record<Role, RoleAbility[]> = {
      "role-admin": ["enquireForClients"],
      "role-client": ["ownVenues", "approveDevices", "askSupport"],
      "role-content-manager": ["editLibrary"],
      "role-client-manager": [],
      "role-support": [],
      "wait-activation": [],
      "edit-personal-info": [],
      "player-device": [],
    };
    const actual = Object.fromEntries(ROLES.map((role) => [role, roleAbilitiesOf(role)]));
    expect(actual).toEqual(expected);
  });

  it("gives nobody an ability without a role", () => {
    for (const ability of Object.keys(ROLE_ABILITIES) as RoleAbility[]) {
      expect(roleMay(undefined, ability)).toBe(false);
    }
  });

  it("agrees with the endpoints and role groups each ability is derived from", () => {
    // The library's tree is what `entryTree` answers.
    for (const role of ROLES) {
      expect(roleMay(role, "editLibrary"), role).toBe(mayCall(vaultApi.entryTree, role));
    }
    // The client side of support is the chat's side that does not answer it.
    for (const role of ROLES) {
      expect(roleMay(role, "askSupport"), role).toBe(
        CHAT_ROLES.includes(role) && !CHAT_STAFF_ROLES.includes(role),
      );
    }
    // Whoever creates enquiries and does not ask as a client creates them for one.
    for (const role of ROLES) {
      expect(roleMay(role, "enquireForClients"), role).toBe(
        mayCall(supportApi.createEnquiry, role) && !roleMay(role, "askSupport"),
      );
    }
    // Those who ask support and those who write for a client may both create an enquiry.
    for (const role of [...ROLE_ABILITIES.askSupport, ...ROLE_ABILITIES.enquireForClients]) {
      expect(mayCall(supportApi.createEnquiry, role), role).toBe(true);
    }
    // An owner of venues may call what only owners do: play a web player here.
    for (const role of ROLES) {
      expect(roleMay(role, "ownVenues"), role).toBe(mayCall(playersApi.playHere, role));
    }
  });
});

describe("mayCall", () => {
  it("answers by the endpoint's roles, its sessions, and whether anyone is signed in", () => {
    expect(mayCall(supportApi.getSupportUnread, "role-client")).toBe(true);
    expect(mayCall(supportApi.getSupportUnread, "wait-activation")).toBe(false);
    expect(mayCall(supportApi.getSupportUnread, undefined)).toBe(false);
    // No roles named: every role of an accepted session.
    expect(mayCall(authApi.approveDeviceCode, "role-support")).toBe(true);
    // A player device only where the endpoint accepts device sessions.
    expect(mayCall(authApi.approveDeviceCode, "player-device")).toBe(false);
    expect(mayCall(playersApi.getPlayer, "player-device")).toBe(true);
    // A public call asks nobody.
    const open = defineEndpoint({
      method: "GET",
      path: "/open",
      summary: "open",
      tags: [],
      auth: "public",
      response: okSchema,
    });
    expect(mayCall(open, undefined)).toBe(true);
  });
});

describe("admits", () => {
  it("answers by the caller's session kind as well as its role, as the server's admission does", () => {
    // A device session only where the endpoint accepts one, whatever its role.
    const adminDevice = { role: "role-admin", sessionKind: "device" } as const;
    expect(admits(supportApi.getSupportUnread, adminDevice)).toBe(false);
    expect(admits(playersApi.getPlayer, { role: "player-device", sessionKind: "device" })).toBe(
      true,
    );
    expect(admits(supportApi.getSupportUnread, { role: undefined, sessionKind: "browser" })).toBe(
      false,
    );
    // No roles named: any role of an accepted session, even none.
    expect(admits(authApi.approveDeviceCode, { role: undefined, sessionKind: "browser" })).toBe(
      true,
    );
  });

  it("is mayCall for a role in its own kind of session", () => {
    const endpoints = (
      [...Object.values(supportApi), ...Object.values(playersApi)] as unknown[]
    ).filter(
      (value): value is Endpoint => typeof value === "object" && value !== null && "path" in value,
    );
    for (const endpoint of endpoints) {
      for (const role of ROLES) {
        const sessionKind = role === "player-device" ? "device" : "browser";
        expect(admits(endpoint, { role, sessionKind }), role).toBe(mayCall(endpoint, role));
      }
    }
  });
});
