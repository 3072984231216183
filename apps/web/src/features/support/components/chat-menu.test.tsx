import { supportApi } from "@fonika/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { afterEach, describe, expect, it } from "vitest";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";
import {
  buildChatMessage,
  buildConversation,
  CHAT_CLIENT,
  CHAT_SUPPORT,
  serverSends,
} from "../../../test/support-chat-factories.ts";

/** Support's counters on the side menu and its toasts, as the app shell shows them. */

const enquiryId = "00000000-0000-4000-8000-0000000e0042";

afterEach(() => {
  act(() => toast.dismiss());
});

function unreadServer(counts: { enquiries: number; chat: number }) {
  let asked = 0;
  const route = on(supportApi.getSupportUnread, ({ reply }) => {
    asked += 1;
    return reply(counts);
  });
  return { route, asked: () => asked, counts };
}

describe("support's menu counters", () => {
  it("show the unread chat messages and enquiry replies, and are asked again on socket news and on focus", async () => {
    const unread = unreadServer({ enquiries: 2, chat: 3 });
    const app = renderSignedIn("role-client", "/profile", unread.route);
    const menu = await screen.findByRole("navigation", { name: "Разделы" });
    const chat = await within(menu).findByRole("status", {
      name: "Непрочитанных сообщений в чате: 3",
    });
    expect(chat.closest("a")?.textContent).toContain("Чат");
    const enquiries = within(menu).getByRole("status", {
      name: "Непрочитанных ответов в обращениях: 2",
    });
    expect(enquiries.closest("a")?.textContent).toContain("Обращения");

    unread.counts.chat = 4;
    serverSends(app.socketListeners, {
      type: "chatMessage",
      message: buildChatMessage(9),
    });
    expect(
      await within(menu).findByRole("status", { name: "Непрочитанных сообщений в чате: 4" }),
    ).toBeTruthy();

    unread.counts.chat = 0;
    serverSends(app.socketListeners, {
      type: "chatRead",
      clientId: SIGNED_IN_USER_ID,
      side: "client",
      upTo: 9,
    });
    await waitFor(() => expect(within(menu).queryByRole("status", { name: /в чате/ })).toBeNull());

    unread.counts.enquiries = 5;
    const before = unread.asked();
    fireEvent.focus(window);
    await waitFor(() => expect(unread.asked()).toBeGreaterThan(before));
    expect(
      await within(menu).findByRole("status", {
        name: "Непрочитанных ответов в обращениях: 5",
      }),
    ).toBeTruthy();
  });
});

describe("support's toasts", () => {
  it("tell a client of support's reply in an enquiry with a link to it, not of the client's own", async () => {
    const app = renderSignedIn("role-client", "/profile");
    await screen.findByRole("navigation", { name: "Разделы" });
    const reply = {
      type: "supportEnquiry",
      enquiryId,
      number: 42,
      event: "message",
      author: CHAT_SUPPORT,
      state: "waiting-client",
    };
    serverSends(app.socketListeners, { ...reply, author: CHAT_CLIENT, number: 41 });
    serverSends(app.socketListeners, { ...reply, event: "state" });
    serverSends(app.socketListeners, reply);
    const notice = await screen.findByText(/Новый ответ в обращении №42/);
    expect(screen.queryByText(/обращении №41/)).toBeNull();
    await userEvent.click(within(notice).getByRole("link", { name: "Открыть" }));
    expect(app.router.state.location.pathname).toBe(`/support/enquiries/${enquiryId}`);
  });

  it("tell staff of a client's chat message with the client's name unless the chat is open", async () => {
    const app = renderSignedIn(
      "role-support",
      "/support/chat",
      on(supportApi.listChatConversations, ({ reply }) =>
        reply({ data: [buildConversation()], total: 1, totalPages: 1 }),
      ),
    );
    await screen.findByRole("link", { name: /Анна Ким/ });
    const message = buildChatMessage(1, { author: CHAT_CLIENT, text: "Помогите" });
    serverSends(app.socketListeners, { type: "chatMessage", message });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Новое сообщение в чате/)).toBeNull();

    await act(() => app.router.navigate("/players-base"));
    serverSends(app.socketListeners, {
      type: "chatMessage",
      message: buildChatMessage(2, { author: CHAT_SUPPORT }),
    });
    serverSends(app.socketListeners, { type: "chatMessage", message });
    const notice = await screen.findByText(/Новое сообщение в чате: Анна Ким/);
    await userEvent.click(within(notice).getByRole("link", { name: "Открыть" }));
    expect(app.router.state.location.search).toBe(`?clientId=${SIGNED_IN_USER_ID}`);
  });
});
