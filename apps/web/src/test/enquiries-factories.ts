import type { supportApi } from "@fonika/shared";
import type { z } from "zod";
import { SIGNED_IN_USER_ID } from "./signed-in-app.tsx";

type EnquiryBody = z.input<typeof supportApi.getEnquiry.response>;
type EventBody = EnquiryBody["events"][number];
type PersonBody = EnquiryBody["client"];
type SummaryBody = z.input<typeof supportApi.listEnquiries.response>["data"][number];

let serial = 0;
/** A fresh uuid-shaped id, different each call. */
export function nextId(): string {
  serial += 1;
  return `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`;
}

export const ENQUIRY_CLIENT: PersonBody = {
  id: "00000000-0000-4000-8000-0000000000c1",
  name: "Анна Иванова",
  side: "client",
};
export const SUPPORT_PERSON: PersonBody = {
  id: "00000000-0000-4000-8000-0000000000a7",
  name: "Олег Поддержкин",
  side: "staff",
};
/** The signed-in staff member of `renderSignedIn`, as an assignee. */
export const SIGNED_IN_PERSON: PersonBody = {
  id: SIGNED_IN_USER_ID,
  name: "Вера Дежурная",
  side: "staff",
};

/** An enquiry as the list shows it, with `overrides`. */
export function buildEnquirySummary(overrides: Partial<SummaryBody> = {}): SummaryBody {
  const id = overrides.id ?? nextId();
  return {
    id,
    number: 42,
    topic: "player-silent",
    state: "new",
    subject: "Музыка не играет с утра",
    client: ENQUIRY_CLIENT,
    assignee: null,
    establishmentId: "00000000-0000-4000-8000-0000000000e1",
    establishmentName: "Кофейня на Лесной",
    playerId: "00000000-0000-4000-8000-0000000000f1",
    playerName: "Зал у окна",
    createdAt: "2026-03-02T09:00:00.000Z",
    updatedAt: "2026-03-02T10:30:00.000Z",
    unread: 0,
    ...overrides,
  };
}

/** A message of the thread, with `overrides`. */
export function buildEnquiryEvent(overrides: Partial<EventBody> = {}): EventBody {
  return {
    id: nextId(),
    kind: "message",
    author: ENQUIRY_CLIENT,
    text: "Музыка не играет с утра",
    attachments: [],
    state: null,
    createdAt: "2026-03-02T09:00:00.000Z",
    ...overrides,
  };
}

/** One enquiry with its thread and the caller's abilities, with `overrides`. */
export function buildEnquiry(overrides: Partial<EnquiryBody> = {}): EnquiryBody {
  return {
    ...buildEnquirySummary(),
    events: [buildEnquiryEvent()],
    abilities: { reply: true, moveTo: [], assign: false, controlPlayers: false },
    ...overrides,
  };
}

/** One page holding `rows`, out of `total`. */
export function enquiriesPage(rows: SummaryBody[], total = rows.length, totalPages = 1) {
  return { data: rows, total, totalPages };
}
