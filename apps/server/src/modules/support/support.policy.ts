import {
  ENQUIRY_STATES,
  type EnquiryState,
  type EnquiryTopic,
  mayCall,
  mayMoveEnquiry,
  roleMay,
  SUPPORT_STAFF_ROLES,
  supportApi,
} from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import { errors } from "../../lib/app-error.ts";
import { SUPPORT_TEXTS, supportErrors } from "./support.errors.ts";

/**
 * Who sees and does what with enquiries. Pure; every service method calls
 * these first. A client sees their own; support, admins and client
 * managers (SUPPORT_STAFF_ROLES) see every one; a content manager sees
 * and answers those about music content.
 */

/** An enquiry as the rules see it. */
export interface EnquiryFacts {
  clientId: string;
  topic: EnquiryTopic;
  state: EnquiryState;
}

/** Which enquiries a caller sees: all, a client's own, or one topic's. */
export type EnquiryScope =
  | { kind: "all" }
  | { kind: "client"; clientId: string }
  | { kind: "topic"; topic: EnquiryTopic };

/** The side of the thread a caller writes on: the client's, or support's. */
export type Side = "client" | "staff";

function isStaff(actor: Actor): boolean {
  return actor.role !== undefined && SUPPORT_STAFF_ROLES.includes(actor.role);
}

/** Throws 403 unless the caller may read enquiries at all; answers which ones. */
export function enquiryScopeOf(actor: Actor): EnquiryScope {
  if (actor.sessionKind !== "browser") throw errors.deviceSessionForbidden();
  if (isStaff(actor)) return { kind: "all" };
  if (actor.role === "role-content-manager") return { kind: "topic", topic: "music-content" };
  if (roleMay(actor.role, "askSupport")) return { kind: "client", clientId: actor.userId };
  throw errors.forbidden("Only clients, support staff and content managers");
}

/** Whether an enquiry is in a scope. */
export function isInScope(scope: EnquiryScope, enquiry: Pick<EnquiryFacts, "clientId" | "topic">) {
  if (scope.kind === "all") return true;
  if (scope.kind === "client") return enquiry.clientId === scope.clientId;
  return enquiry.topic === scope.topic;
}

/** Throws 404 (never 403: nobody learns another's enquiry exists) unless the caller sees it. */
export function assertMaySeeEnquiry(actor: Actor, enquiry: EnquiryFacts): EnquiryScope {
  const scope = enquiryScopeOf(actor);
  if (!isInScope(scope, enquiry)) throw supportErrors.enquiryNotFound();
  return scope;
}

/** The side a caller who sees an enquiry writes on: its client, or staff (content managers too). */
export function sideOf(actor: Actor, enquiry: Pick<EnquiryFacts, "clientId">): Side {
  return actor.userId === enquiry.clientId ? "client" : "staff";
}

/**
 * Who an enquiry is created for: a client writes for themselves (naming
 * another is 403); an admin names the client (checked to be an active
 * client by the service). Others may not create one. The two sides are
 * the role abilities `askSupport` and `enquireForClients`, which together
 * are whom `createEnquiry` admits.
 */
export function clientOfNewEnquiry(actor: Actor, clientId: string | undefined): string {
  if (actor.sessionKind !== "browser") throw errors.deviceSessionForbidden();
  if (roleMay(actor.role, "askSupport")) {
    if (clientId !== undefined && clientId !== actor.userId) throw supportErrors.foreignClient();
    return actor.userId;
  }
  if (roleMay(actor.role, "enquireForClients")) {
    if (clientId === undefined) throw supportErrors.clientRequired();
    return clientId;
  }
  throw errors.forbidden("Only a client, or an admin on a client's behalf");
}

/** Throws unless the caller may reply: whoever sees it, while it is not closed. */
export function assertMayReply(actor: Actor, enquiry: EnquiryFacts): Side {
  assertMaySeeEnquiry(actor, enquiry);
  if (enquiry.state === "closed") throw supportErrors.closed();
  return sideOf(actor, enquiry);
}

/**
 * What a reply does to the state: support's first answer takes a new one
 * in progress; a client's answer brings one waiting for them, or one
 * called resolved, back in progress. Null: it stays.
 */
export function stateAfterReply(side: Side, state: EnquiryState): EnquiryState | null {
  if (side === "staff" && state === "new") return "in-progress";
  if (side === "client" && (state === "waiting-client" || state === "resolved")) {
    return "in-progress";
  }
  return null;
}

/** The states the caller may move the enquiry to now (a content manager moves none). */
export function movesOf(actor: Actor, enquiry: EnquiryFacts): EnquiryState[] {
  const side = moverSideOf(actor, enquiry);
  if (!side) return [];
  return ENQUIRY_STATES.filter((to) => mayMoveEnquiry(enquiry.state, to, side));
}

/** Throws 404 unless the caller sees it, 403 when they may move none, 409 for an illegal move. */
export function assertMayMove(actor: Actor, enquiry: EnquiryFacts, to: EnquiryState): Side {
  assertMaySeeEnquiry(actor, enquiry);
  const side = moverSideOf(actor, enquiry);
  if (!side) throw errors.forbidden("Only the client and support staff change the state");
  if (!mayMoveEnquiry(enquiry.state, to, side)) throw supportErrors.illegalMove(enquiry.state, to);
  return side;
}

function moverSideOf(actor: Actor, enquiry: EnquiryFacts): Side | undefined {
  if (isStaff(actor)) return "staff";
  if (roleMay(actor.role, "askSupport") && actor.userId === enquiry.clientId) return "client";
  return undefined;
}

/** Throws unless the caller assigns enquiries (support staff). */
export function assertMayAssign(actor: Actor, enquiry: EnquiryFacts): void {
  assertMaySeeEnquiry(actor, enquiry);
  if (!isStaff(actor)) throw errors.forbidden("Only support staff assign enquiries");
}

/** Whether enquiries are assigned to the caller's role (support members and admins). */
export function isAssignee(actor: Actor): boolean {
  return actor.role === "role-admin" || actor.role === "role-support";
}

/**
 * Support and admins send play, pause and next to the enquiry's client's
 * players: whom `commandEnquiryPlayer` admits.
 */
export function mayControlPlayers(actor: Actor): boolean {
  return mayCall(supportApi.commandEnquiryPlayer, actor.role);
}

export function assertMayControlPlayers(actor: Actor, enquiry: EnquiryFacts): void {
  assertMaySeeEnquiry(actor, enquiry);
  if (!mayControlPlayers(actor)) throw errors.forbidden("Only support and admins");
  if (enquiry.state === "closed") throw supportErrors.closed();
}

/** Throws unless the caller lists assignees (support staff): whom `listSupportAssignees` admits. */
export function assertMayListAssignees(actor: Actor): void {
  if (actor.sessionKind !== "browser") throw errors.deviceSessionForbidden();
  if (!mayCall(supportApi.listSupportAssignees, actor.role)) {
    throw errors.forbidden("Only support staff");
  }
}

/** What the caller may do with an enquiry, sent beside it. */
export function abilitiesOf(actor: Actor, enquiry: EnquiryFacts) {
  return {
    reply: enquiry.state !== "closed",
    moveTo: movesOf(actor, enquiry),
    assign: isStaff(actor),
    controlPlayers: mayControlPlayers(actor) && enquiry.state !== "closed",
  };
}

/** The first line of the text that holds something, cut to 120 characters. */
export function subjectOf(text: string): string {
  const line = text.split(/\r?\n/).find((candidate) => candidate.trim().length > 0) ?? "";
  const subject = line.trim();
  return subject.length > 120 ? `${subject.slice(0, 119)}…` : subject || SUPPORT_TEXTS.noSubject;
}
