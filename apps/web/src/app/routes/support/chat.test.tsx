import { type ChatMessage, SUPPORT, supportApi } from "@fonika/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, type Mock, vi } from "vitest";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";
import {
  buildChatMessage,
  buildConversation,
  CHAT_CLIENT,
  CHAT_SUPPORT,
  serverSends,
} from "../../../test/support-chat-factories.ts";

/** The messages shown, in order, as their texts. */
function shownTexts(): string[] {
  const list = screen.getByRole("list", { name: "Сообщения" });
  return within(list)
    .getAllByRole("listitem")
    .map((item) => item.querySelector(".chat-bubble__text")?.textContent ?? "");
}

/**
 * A client's chat over a scripted server: `stored` is the conversation as
 * the server holds it; a POST stores a message once per clientMessageId.
 */
function openClientChat({
  stored,
  readByOtherUpTo = 0,
  sendAnswer,
}: {
  stored: ChatMessage[];
  readByOtherUpTo?: number;
  sendAnswer?: (attempt: number) => Response | undefined;
}) {
  const asked: URLSearchParams[] = [];
  const sent: { text: string; clientMessageId: string }[] = [];
  const marked: number[] = [];
  const view = renderSignedIn(
    "role-client",
    "/support/chat",
    on(supportApi.listChatConversations, ({ reply }) =>
      reply({
        data: [buildConversation({ readByOtherUpTo, lastMessage: stored.at(-1) ?? null })],
        total: 1,
        totalPages: 1,
      }),
    ),
    on(supportApi.listChatMessages, ({ params, query, reply }) => {
      expect(params.clientId).toBe(SIGNED_IN_USER_ID);
      asked.push(query);
      const after = Number(query.get("after") ?? 0);
      const before = Number(query.get("before") ?? Number.POSITIVE_INFINITY);
      const data = stored.filter((message) => message.seq > after && message.seq < before);
      return reply({ data: data.slice(-SUPPORT.chatPageSize), hasMore: false });
    }),
    on(supportApi.sendChatMessage, ({ body, reply }) => {
      sent.push(body);
      const refused = sendAnswer?.(sent.length);
      if (refused) return refused;
      const same = stored.find((message) => message.clientMessageId === body.clientMessageId);
      if (same) return reply(same);
      const message = buildChatMessage(stored.length + 1, {
        author: CHAT_CLIENT,
        text: body.text,
        clientMessageId: body.clientMessageId,
      });
      stored.push(message);
      return reply(message);
    }),
    on(supportApi.markChatRead, ({ body, reply }) => {
      marked.push(body.upTo);
      return reply({ ok: true });
    }),
  );
  return { ...view, asked, sent, marked, stored };
}

describe("the client's chat with support", () => {
  it("shows a sent message once though it comes both as the POST's answer and from the socket", async () => {
    const stored = [buildChatMessage(1, { text: "Здравствуйте! Чем помочь?" })];
    const chat = openClientChat({ stored });
    expect(await screen.findByText("Здравствуйте! Чем помочь?")).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Сообщение"), "Музыка не играет в зале");
    await user.click(screen.getByRole("button", { name: "Отправить" }));
    await waitFor(() => expect(chat.sent).toHaveLength(1));
    // The server's fan-out reaches the sender's own tab too.
    serverSends(chat.socketListeners, { type: "chatMessage", message: stored[1] });
    await waitFor(() =>
      expect(shownTexts()).toEqual(["Здравствуйте! Чем помочь?", "Музыка не играет в зале"]),
    );
    expect(await screen.findByText("доставлено")).toBeTruthy();
    expect(screen.queryByText("отправляется")).toBeNull();
  });

  it("after the socket reconnects asks for what came after the last message and shows each missed one once", async () => {
    const stored = [buildChatMessage(1), buildChatMessage(2)];
    const chat = openClientChat({ stored });
    await screen.findByText("Сообщение 2");
    expect(chat.asked.map((query) => query.get("after"))).toEqual([null]);

    // While the socket was away support wrote twice; one of them also comes live.
    stored.push(buildChatMessage(3), buildChatMessage(4));
    serverSends(chat.socketListeners, { type: "connected", userId: SIGNED_IN_USER_ID });
    serverSends(chat.socketListeners, { type: "chatMessage", message: stored[3] });
    await waitFor(() =>
      expect(shownTexts()).toEqual(["Сообщение 1", "Сообщение 2", "Сообщение 3", "Сообщение 4"]),
    );
    expect(chat.asked.map((query) => query.get("after"))).toContain("2");
  });

  it("fetches what it missed when a live message skips a seq", async () => {
    const stored = [buildChatMessage(1)];
    const chat = openClientChat({ stored });
    await screen.findByText("Сообщение 1");
    stored.push(buildChatMessage(2), buildChatMessage(3));
    serverSends(chat.socketListeners, { type: "chatMessage", message: stored[2] });
    await waitFor(() =>
      expect(shownTexts()).toEqual(["Сообщение 1", "Сообщение 2", "Сообщение 3"]),
    );
    expect(chat.asked.at(-1)?.get("after")).toBe("1");
  });

  it("shows a refused message with the server's reason and resends it with the same clientMessageId", async () => {
    const stored: ChatMessage[] = [];
    const chat = openClientChat({
      stored,
      sendAnswer: (attempt) =>
        attempt === 1
          ? replyError(429, {
              type: "rate-limited",
              reason: "Слишком много сообщений. Подождите минуту",
              message: "rate limited",
            })
          : undefined,
    });
    const user = userEvent.setup();
    await screen.findByText("Напишите первое сообщение — специалист поддержки ответит здесь.");
    await user.type(screen.getByLabelText("Сообщение"), "Алло?");
    await user.click(screen.getByRole("button", { name: "Отправить" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Слишком много сообщений. Подождите минуту",
    );
    expect(screen.getByText("не отправлено")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Повторить" }));
    await screen.findByText("доставлено");
    expect(chat.sent).toHaveLength(2);
    expect(chat.sent[1]?.clientMessageId).toBe(chat.sent[0]?.clientMessageId);
    expect(shownTexts()).toEqual(["Алло?"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("marks own messages read when support's read mark reaches them, and marks support's read", async () => {
    const stored = [
      buildChatMessage(1, { text: "Первое", author: CHAT_CLIENT }),
      buildChatMessage(2, { text: "Ответ поддержки" }),
      buildChatMessage(3, { text: "Второе", author: CHAT_CLIENT }),
    ];
    const chat = openClientChat({ stored, readByOtherUpTo: 1 });
    await screen.findByText("Второе");
    const markOf = (text: string) =>
      screen.getByText(text).closest("li")?.querySelector(".chat-bubble__mark")?.textContent;
    await waitFor(() => expect(markOf("Первое")).toBe("прочитано"));
    expect(markOf("Второе")).toBe("доставлено");
    expect(markOf("Ответ поддержки")).toBeUndefined();
    // The client saw support's message: the conversation is marked read up to its end.
    await waitFor(() => expect(chat.marked).toEqual([3]));

    // Support's own read mark of another conversation changes nothing here.
    serverSends(chat.socketListeners, {
      type: "chatRead",
      clientId: CHAT_SUPPORT.id,
      side: "staff",
      upTo: 3,
    });
    serverSends(chat.socketListeners, {
      type: "chatRead",
      clientId: SIGNED_IN_USER_ID,
      side: "client",
      upTo: 3,
    });
    expect(markOf("Второе")).toBe("доставлено");
    serverSends(chat.socketListeners, {
      type: "chatRead",
      clientId: SIGNED_IN_USER_ID,
      side: "staff",
      upTo: 3,
    });
    expect(markOf("Второе")).toBe("прочитано");
  });

  it("says support types while marks come, for SUPPORT.typingMs after the last, and sends its own at most every 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const chat = openClientChat({ stored: [buildChatMessage(1)] });
      await screen.findByText("Сообщение 1");
      const typing = { type: "chatTyping", clientId: SIGNED_IN_USER_ID, author: CHAT_SUPPORT };
      serverSends(chat.socketListeners, typing);
      expect(screen.getByText("Поддержка печатает…")).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(SUPPORT.typingMs - 1_000));
      serverSends(chat.socketListeners, typing);
      await act(() => vi.advanceTimersByTimeAsync(SUPPORT.typingMs - 1_000));
      expect(screen.getByText("Поддержка печатает…")).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1_500));
      expect(screen.queryByText("Поддержка печатает…")).toBeNull();
      // The client's own mark (another tab of theirs) is not shown.
      serverSends(chat.socketListeners, { ...typing, author: CHAT_CLIENT });
      expect(screen.queryByText(/печатает/)).toBeNull();

      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText("Сообщение"), "Добрый");
      const typingSent = () =>
        (chat.playerSocket.send as Mock).mock.calls.filter(
          ([message]) => (message as { type: string }).type === "chatTyping",
        );
      expect(typingSent()).toEqual([[{ type: "chatTyping", clientId: SIGNED_IN_USER_ID }]]);
      await act(() => vi.advanceTimersByTimeAsync(2_100));
      await user.type(screen.getByLabelText("Сообщение"), " день");
      expect(typingSent()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows a message's text as typed, never as markup", async () => {
    const text = "<b>жирный</b>\n  <img src=x onerror=alert(1)>";
    openClientChat({ stored: [buildChatMessage(1, { text })] });
    const shown = await screen.findByText((_, element) =>
      Boolean(element?.classList.contains("chat-bubble__text") && element.textContent === text),
    );
    expect(shown.querySelector("b, img")).toBeNull();
  });
});

describe("support's chat", () => {
  it("lists conversations with their unread counts and opens one beside the list, with the client's typing", async () => {
    // Another account than the signed-in support member's.
    const client = { ...CHAT_CLIENT, id: "00000000-0000-4000-8000-0000000c1e47" };
    const last = buildChatMessage(2, { clientId: client.id, author: client, text: "Плеер молчит" });
    const app = renderSignedIn(
      "role-support",
      "/support/chat",
      on(supportApi.listChatConversations, ({ reply }) =>
        reply({
          data: [buildConversation({ client, lastMessage: last, unread: 2 })],
          total: 1,
          totalPages: 1,
        }),
      ),
      on(supportApi.listChatMessages, ({ params, reply }) => {
        expect(params.clientId).toBe(client.id);
        return reply({
          data: [buildChatMessage(1, { clientId: client.id }), last],
          hasMore: false,
        });
      }),
      on(supportApi.markChatRead, ({ reply }) => reply({ ok: true })),
    );
    const row = await screen.findByRole("link", { name: /Анна Ким/ });
    expect(row.textContent).toContain("Плеер молчит");
    expect(row.textContent).toContain("Непрочитанных: 2");
    expect(screen.getByText("Выберите диалог слева")).toBeTruthy();

    await userEvent.click(row);
    expect(app.router.state.location.search).toBe(`?clientId=${client.id}`);
    const conversation = await screen.findByRole("region", { name: "Анна Ким" });
    expect(await within(conversation).findByText("Сообщение 1")).toBeTruthy();
    serverSends(app.socketListeners, {
      type: "chatTyping",
      clientId: client.id,
      author: client,
    });
    expect(within(conversation).getByText("Анна Ким печатает…")).toBeTruthy();
  });
});
