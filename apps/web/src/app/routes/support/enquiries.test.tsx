import { supportApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  buildEnquirySummary,
  ENQUIRY_CLIENT,
  enquiriesPage,
  SUPPORT_PERSON,
} from "../../../test/enquiries-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

describe("the enquiries list", () => {
  it("sends staff's filters, search and page as the contract's query, starting anew on each change", async () => {
    const first = buildEnquirySummary({ number: 7, subject: "Нет звука", unread: 2 });
    const asked: Record<string, string>[] = [];
    const view = renderSignedIn(
      "role-support",
      "/support/enquiries",
      on(supportApi.listEnquiries, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        return reply(enquiriesPage([first], 31, 2));
      }),
      on(supportApi.listSupportAssignees, ({ reply }) => reply([SUPPORT_PERSON])),
    );
    const table = await screen.findByRole("table", { name: "Обращения" });
    expect(await within(table).findByRole("link", { name: "Нет звука" })).toBeTruthy();
    expect(within(table).getByText("Плеер не играет")).toBeTruthy();
    expect(within(table).getByText("Новое")).toBeTruthy();
    expect(within(table).getByText(ENQUIRY_CLIENT.name)).toBeTruthy();
    expect(within(table).getByText("Кофейня на Лесной")).toBeTruthy();
    expect(within(table).getByRole("img", { name: "Непрочитанных ответов: 2" })).toBeTruthy();
    expect(within(table).getByRole("link", { name: "Нет звука" }).getAttribute("href")).toBe(
      `/support/enquiries/${first.id}`,
    );
    expect(asked[0]).toEqual({ page: "0", count: "30" });

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Следующая страница" }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: "1", count: "30" }));

    await user.selectOptions(screen.getByRole("combobox", { name: "Статус" }), "Открытые");
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: "0", count: "30", open: "true" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Статус" }), "В работе");
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ page: "0", count: "30", state: "in-progress" }),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Тема" }), "Оплата и документы");
    await waitFor(() => expect(asked.at(-1)?.topic).toBe("billing"));
    await user.selectOptions(screen.getByRole("combobox", { name: "Исполнитель" }), "Мои");
    await waitFor(() => expect(asked.at(-1)?.assigneeId).toBe(SIGNED_IN_USER_ID));
    await user.selectOptions(screen.getByRole("combobox", { name: "Исполнитель" }), "Не назначены");
    await waitFor(() => expect(asked.at(-1)?.assigneeId).toBe("none"));
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Исполнитель" }),
      SUPPORT_PERSON.name,
    );
    await waitFor(() => expect(asked.at(-1)?.assigneeId).toBe(SUPPORT_PERSON.id));
    await user.type(screen.getByRole("searchbox", { name: "Поиск обращений" }), "звук{Enter}");
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        page: "0",
        count: "30",
        state: "in-progress",
        topic: "billing",
        assigneeId: SUPPORT_PERSON.id,
        query: "звук",
      }),
    );
    expect(view.router.state.location.search).toContain("query=");
  });

  it("lists one client's enquiries when opened with ?clientId=, and says when a filter finds none", async () => {
    const asked: Record<string, string>[] = [];
    renderSignedIn(
      "role-admin",
      `/support/enquiries?clientId=${ENQUIRY_CLIENT.id}&state=closed`,
      on(supportApi.listEnquiries, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        return reply(enquiriesPage([]));
      }),
      on(supportApi.listSupportAssignees, ({ reply }) => reply([])),
    );
    expect(await screen.findByText("Нет обращений с такими условиями")).toBeTruthy();
    expect(asked[0]).toEqual({
      page: "0",
      count: "30",
      state: "closed",
      clientId: ENQUIRY_CLIENT.id,
    });
  });

  it("shows a client with none how to write one, without staff's filters or client column", async () => {
    const asked: Record<string, string>[] = [];
    renderSignedIn(
      "role-client",
      "/support/enquiries",
      on(supportApi.listEnquiries, ({ query, reply }) => {
        asked.push(Object.fromEntries(query));
        return reply(enquiriesPage([]));
      }),
    );
    expect(await screen.findByText("Обращений пока нет")).toBeTruthy();
    const links = screen.getAllByRole("link", { name: "Новое обращение" });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute("href")).toBe("/support/create-enquiry");
    expect(screen.queryByRole("combobox", { name: "Тема" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Исполнитель" })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Клиент" })).toBeNull();
    expect(asked[0]).toEqual({ page: "0", count: "30" });
  });

  it("opens the enquiry of an e-mail's ?id= link", async () => {
    const enquiry = buildEnquirySummary();
    const view = renderSignedIn(
      "role-client",
      `/support/enquiries?id=${enquiry.id}`,
      on(supportApi.listEnquiries, ({ reply }) => reply(enquiriesPage([enquiry]))),
    );
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe(`/support/enquiries/${enquiry.id}`),
    );
  });
});
