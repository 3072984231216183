import { establishmentsApi, type ServerSocketMessage, subscriptionsApi } from "@fonika/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  buildEstablishment,
  buildSubscriptionInfo,
} from "../../../test/establishments-factories.ts";
import { on } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";
import { serverSends } from "../../../test/support-chat-factories.ts";
import { buildSubscriptionsPage } from "../../../test/tariffs-factories.ts";

const OTHER_USER_ID = "00000000-0000-4000-8000-00000000c102";

function news(
  overrides: Partial<Extract<ServerSocketMessage, { type: "subscriptionChanged" }>>,
): Extract<ServerSocketMessage, { type: "subscriptionChanged" }> {
  return {
    type: "subscriptionChanged",
    subscriptionId: "00000000-0000-4000-8000-00000000a501",
    event: "created",
    state: "pending",
    userId: OTHER_USER_ID,
    establishmentId: "00000000-0000-4000-8000-00000000e501",
    clientName: "Новикова Анна",
    establishmentName: "Кафе «Ромашка»",
    authorId: OTHER_USER_ID,
    ...overrides,
  };
}

describe("news of subscriptions on the socket (issue 28)", () => {
  it("changes the owner's venue page to «Активна» when staff activate it, without a reload", async () => {
    const pending = buildSubscriptionInfo({ state: "pending", startsAt: null, endsAt: null });
    let venue = buildEstablishment({ userId: SIGNED_IN_USER_ID, subscriptionInfo: pending });
    const app = renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
    );
    expect(await screen.findByText("Ожидает подключения")).toBeTruthy();

    venue = {
      ...venue,
      subscriptionInfo: {
        ...pending,
        state: "active",
        startsAt: "2025-03-01T09:00:00.000Z",
        endsAt: "2025-04-01T09:00:00.000Z",
      },
    };
    serverSends(
      app.socketListeners,
      news({
        subscriptionId: pending.id,
        event: "activated",
        state: "active",
        userId: SIGNED_IN_USER_ID,
        establishmentId: venue.id,
        authorId: OTHER_USER_ID,
      }),
    );
    expect(await screen.findByText("Активна")).toBeTruthy();
    expect(screen.queryByText("Ожидает подключения")).toBeNull();
    expect(app.router.state.location.pathname).toBe(`/client-objects/${venue.id}`);
    // A client is not told of the queue.
    expect(screen.queryByText(/Новая подписка ждёт подключения/)).toBeNull();
  });

  it("tells a client manager a subscription came, counts it on the menu, and leads to the queue", async () => {
    let waiting = 0;
    const app = renderSignedIn(
      "role-client-manager",
      "/client-base",
      on(subscriptionsApi.listSubscriptions, ({ reply }) =>
        reply(buildSubscriptionsPage([], waiting)),
      ),
    );
    await screen.findByRole("link", { name: "Подписки" });
    expect(screen.queryByRole("status", { name: /Ждут подключения/ })).toBeNull();

    // One the manager made themselves is counted, not announced to them.
    waiting = 1;
    serverSends(app.socketListeners, news({ authorId: SIGNED_IN_USER_ID }));
    expect(
      await screen.findByRole("status", { name: "Ждут подключения: 1 подписка" }),
    ).toBeTruthy();
    expect(screen.queryByText(/Новая подписка ждёт подключения/)).toBeNull();

    waiting = 2;
    serverSends(app.socketListeners, news({}));
    expect(
      await screen.findByText("Новая подписка ждёт подключения: «Кафе «Ромашка»», Новикова Анна"),
    ).toBeTruthy();
    expect(
      await screen.findByRole("status", { name: "Ждут подключения: 2 подписки" }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole("link", { name: "Открыть очередь" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/subscription-base"));
    expect(await screen.findByRole("table", { name: "Ждут подключения" })).toBeTruthy();
  });
});
