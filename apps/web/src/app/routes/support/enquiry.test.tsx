import {
  historyApi,
  type IncomingSocketMessage,
  playerAlertsApi,
  playersApi,
  supportApi,
} from "@fonika/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, type Mock } from "vitest";
import {
  buildEnquiry,
  buildEnquiryEvent,
  ENQUIRY_CLIENT,
  nextId,
  SUPPORT_PERSON,
} from "../../../test/enquiries-factories.ts";
import { buildPlayPage, buildPlayRecord } from "../../../test/history-factories.ts";
import { buildPlayer, onePage } from "../../../test/players-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn } from "../../../test/signed-in-app.tsx";

type View = ReturnType<typeof renderSignedIn>;

/** Hands a socket message to every listener the screen subscribed to the app's socket. */
function hear(view: View, message: IncomingSocketMessage) {
  const subscribe = view.playerSocket.subscribe as Mock;
  act(() => {
    for (const [listener] of subscribe.mock.calls) listener(message);
  });
}

describe("one enquiry, as its client", () => {
  it("shows every text as text, offers the client's state moves, and reads itself anew on socket news", async () => {
    const reply = buildEnquiryEvent({
      author: SUPPORT_PERSON,
      text: "Перезапустите плеер.\n<b>Жирным</b> не будет",
      attachments: [
        { id: nextId(), name: "инструкция.pdf", mediaType: "application/pdf", size: 2048 },
      ],
      createdAt: "2026-03-02T10:00:00.000Z",
    });
    let enquiry = buildEnquiry({
      state: "resolved",
      events: [
        buildEnquiryEvent({ text: "Тишина <b>с утра</b>" }),
        reply,
        buildEnquiryEvent({
          kind: "state",
          author: SUPPORT_PERSON,
          text: "Статус: Решено",
          state: "resolved",
          createdAt: "2026-03-02T10:05:00.000Z",
        }),
      ],
      abilities: {
        reply: true,
        moveTo: ["in-progress", "closed"],
        assign: false,
        controlPlayers: false,
      },
    });
    let reads = 0;
    let gets = 0;
    const moves: unknown[] = [];
    const view = renderSignedIn(
      "role-client",
      `/support/enquiries/${enquiry.id}`,
      on(supportApi.getEnquiry, ({ reply: answer }) => {
        gets += 1;
        return answer(enquiry);
      }),
      on(supportApi.markEnquiryRead, ({ params, reply: answer }) => {
        expect(params.id).toBe(enquiry.id);
        reads += 1;
        return answer({ ok: true });
      }),
      on(supportApi.changeEnquiryState, ({ body, reply: answer }) => {
        moves.push(body);
        enquiry = {
          ...enquiry,
          state: "in-progress",
          abilities: { ...enquiry.abilities, moveTo: [] },
        };
        return answer(enquiry);
      }),
    );
    const thread = await screen.findByRole("list", { name: "Переписка" });
    expect(within(thread).getByText("Тишина <b>с утра</b>")).toBeTruthy();
    expect(within(thread).getByText(/<b>Жирным<\/b> не будет/)).toBeTruthy();
    expect(thread.querySelector("b")).toBeNull();
    expect(within(thread).getByText(SUPPORT_PERSON.name)).toBeTruthy();
    expect(within(thread).getByText(/Статус: Решено/)).toBeTruthy();
    const file = within(thread).getByRole("link", { name: /инструкция\.pdf/ });
    expect(file.getAttribute("href")).toMatch(
      new RegExp(`/api/v1/support/attachments/${reply.attachments[0]?.id}\\?access_token=`),
    );
    expect(screen.queryByRole("heading", { name: "Плееры клиента" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Взять в работу" })).toBeNull();
    await waitFor(() => expect(reads).toBe(1));

    hear(view, {
      type: "supportEnquiry",
      enquiryId: enquiry.id,
      number: enquiry.number,
      event: "message",
      author: SUPPORT_PERSON,
      state: "resolved",
    });
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(gets).toBe(2));

    const user = userEvent.setup();
    expect(screen.getByRole("button", { name: "Закрыть" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Открыть снова" }));
    await waitFor(() => expect(moves).toEqual([{ state: "in-progress" }]));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Закрыть" })).toBeNull());
  });

  it("says so when the enquiry is someone else's", async () => {
    renderSignedIn(
      "role-client",
      `/support/enquiries/${nextId()}`,
      on(supportApi.markEnquiryRead, ({ reply }) => reply({ ok: true })),
    );
    expect(await screen.findByText("Обращение не найдено")).toBeTruthy();
  });
});

describe("one enquiry, as support", () => {
  it("offers staff's moves and assignees, watches the client's players and commands one through the enquiry", async () => {
    const hall = buildPlayer({ userId: ENQUIRY_CLIENT.id, name: "Зал у окна" });
    let enquiry = buildEnquiry({
      state: "new",
      abilities: {
        reply: true,
        moveTo: ["in-progress", "waiting-client", "resolved", "closed"],
        assign: true,
        controlPlayers: true,
      },
    });
    const commands: unknown[] = [];
    const assigned: unknown[] = [];
    const view = renderSignedIn(
      "role-support",
      `/support/enquiries/${enquiry.id}`,
      on(supportApi.getEnquiry, ({ reply }) => reply(enquiry)),
      on(supportApi.markEnquiryRead, ({ reply }) => reply({ ok: true })),
      on(supportApi.listSupportAssignees, ({ reply }) => reply([SUPPORT_PERSON])),
      on(supportApi.assignEnquiry, ({ body, reply }) => {
        assigned.push(body);
        enquiry = { ...enquiry, assignee: SUPPORT_PERSON };
        return reply(enquiry);
      }),
      on(playersApi.listUserPlayers, ({ params, reply }) => {
        expect(params.userId).toBe(ENQUIRY_CLIENT.id);
        return reply(onePage([hall]));
      }),
      on(playerAlertsApi.listPlayerAlerts, ({ query, reply }) => {
        expect(query.get("userId")).toBe(ENQUIRY_CLIENT.id);
        return reply({
          data: [
            {
              id: nextId(),
              playerId: hall.id,
              playerName: hall.name,
              establishmentId: hall.establishmentId,
              establishmentName: hall.establishmentName,
              timeZone: "Europe/Moscow",
              outOfTouch: false,
              silentSince: "2026-03-02T06:05:00.000Z",
              raisedAt: "2026-03-02T06:20:00.000Z",
            },
          ],
        });
      }),
      on(historyApi.playerHistory, ({ reply }) =>
        reply(buildPlayPage([buildPlayRecord({ playerId: hall.id, title: "Кофе с корицей" })])),
      ),
      on(supportApi.commandEnquiryPlayer, ({ body, reply }) => {
        commands.push(body);
        enquiry = {
          ...enquiry,
          events: [
            ...enquiry.events,
            buildEnquiryEvent({
              kind: "player-command",
              author: SUPPORT_PERSON,
              text: "Плеер «Зал у окна»: пауза",
            }),
          ],
        };
        return reply(enquiry);
      }),
    );
    for (const label of ["Взять в работу", "Ждём клиента", "Решено", "Закрыть"]) {
      expect(await screen.findByRole("button", { name: label })).toBeTruthy();
    }
    expect(screen.queryByRole("button", { name: "Открыть снова" })).toBeNull();

    const user = userEvent.setup();
    const assignee = screen.getByRole("combobox", { name: "Исполнитель" });
    await within(assignee).findByRole("option", { name: SUPPORT_PERSON.name });
    await user.selectOptions(assignee, SUPPORT_PERSON.name);
    await waitFor(() => expect(assigned).toEqual([{ assigneeId: SUPPORT_PERSON.id }]));

    const panel = (await screen.findByRole("heading", { name: "Плееры клиента" })).closest(
      "section",
    );
    if (!panel) throw new Error("no players panel");
    const row = await within(panel).findByRole("listitem", { name: "Зал у окна" });
    expect(view.playerSocket.send).toHaveBeenCalledWith({
      type: "watchClientPlayers",
      clientId: ENQUIRY_CLIENT.id,
    });
    expect(within(row).getByText("Состояние неизвестно")).toBeTruthy();
    hear(view, {
      type: "playerState",
      state: {
        playerId: hall.id,
        songId: null,
        previousSongId: null,
        nextSongId: null,
        playlistId: null,
        positionSeconds: 0,
        positionAt: null,
        loop: false,
        shuffle: false,
        volume: 70,
        playing: true,
        online: true,
        lastSeenAt: "2026-03-02T10:00:00.000Z",
      },
    });
    expect(await within(row).findByText("В сети")).toBeTruthy();
    expect(within(row).getByText("Играет")).toBeTruthy();
    expect(await within(row).findByText(/Плеер молчит/)).toBeTruthy();
    expect(await within(row).findByText(/Кофе с корицей/)).toBeTruthy();

    // A new connection is asked to watch again.
    (view.playerSocket.send as Mock).mockClear();
    hear(view, { type: "connected", userId: "00000000-0000-4000-8000-0000000000e5" });
    expect(view.playerSocket.send).toHaveBeenCalledWith({
      type: "watchClientPlayers",
      clientId: ENQUIRY_CLIENT.id,
    });

    await user.click(within(row).getByRole("button", { name: "Пауза" }));
    await waitFor(() => expect(commands).toEqual([{ playerId: hall.id, command: "pause" }]));
    const thread = screen.getByRole("list", { name: "Переписка" });
    expect(await within(thread).findByText(/Плеер «Зал у окна»: пауза/)).toBeTruthy();

    view.unmount();
    expect(view.playerSocket.send).toHaveBeenLastCalledWith({
      type: "watchClientPlayers",
      clientId: null,
    });
  });
});
