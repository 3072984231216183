import { type Establishment, establishmentsApi } from "@fonika/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  buildEstablishment,
  buildSubscriptionInfo,
  CLIENT_ID,
} from "../../../test/establishments-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

const pdfLayout = {
  name: "План зала.pdf",
  size: 2 * 1024 * 1024,
  contentType: "application/pdf" as const,
  uploadedAt: "2024-05-07T12:00:00.000Z",
};

describe("an establishment's page", () => {
  it("shows every field and the subscription, and leads to the change when allowed", async () => {
    const venue = buildEstablishment({
      userId: SIGNED_IN_USER_ID,
      playerInfo: { players: 1, online: 0 },
      subscriptionInfo: buildSubscriptionInfo({ state: "pending", startsAt: null, endsAt: null }),
      abilities: { edit: true, subscribe: false },
    });
    const asked: string[] = [];
    renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      on(establishmentsApi.getEstablishment, ({ params, reply }) => {
        asked.push(params.userId);
        return reply(venue);
      }),
    );
    expect(await screen.findByRole("heading", { name: venue.name, level: 1 })).toBeTruthy();
    const facts = screen.getByRole("heading", { name: "Заведение" }).closest("section");
    if (!facts) throw new Error("no facts section");
    expect(within(facts).getByText(venue.address)).toBeTruthy();
    expect(within(facts).getByText(/Москва \(UTC\+3\)/)).toBeTruthy();
    expect(within(facts).getByText("1 плеер, 0 в сети")).toBeTruthy();
    expect(within(facts).getByText("06.05.2024")).toBeTruthy();
    expect(screen.getByText("Базовый")).toBeTruthy();
    expect(screen.getByText("Ожидает подключения")).toBeTruthy();
    expect(screen.getByText("ООО «Лесная»")).toBeTruthy();
    expect(screen.getByText("Начнётся после подтверждения менеджером")).toBeTruthy();
    expect(screen.getByText("План не загружен")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Изменить" }).getAttribute("href")).toBe(
      `/client-objects/${venue.id}/change`,
    );
    expect(asked).toEqual([SIGNED_IN_USER_ID]);
  });

  it("refuses a file that is no plan, uploads a PDF with progress, and deletes it", async () => {
    let venue: Establishment = buildEstablishment({ userId: SIGNED_IN_USER_ID });
    let release: () => void = () => {};
    const uploaded: string[] = [];
    let deletes = 0;
    renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
      on(establishmentsApi.addLayoutFile, async ({ file, reply }) => {
        uploaded.push(file?.name ?? "");
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        venue = { ...venue, layoutFile: { ...pdfLayout, name: file?.name ?? "" } };
        return reply(venue);
      }),
      on(establishmentsApi.deleteLayoutFile, ({ reply }) => {
        deletes += 1;
        venue = { ...venue, layoutFile: null };
        return reply({ ok: true });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText("Загрузить план");
    await user.upload(input, new File(["<html>"], "план.docx", { type: "application/msword" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "план.docx: Подойдёт изображение JPEG, PNG или WebP либо PDF",
    );
    expect(uploaded).toEqual([]);

    await user.upload(input, new File(["%PDF-1.4"], "План зала.pdf", { type: "application/pdf" }));
    expect(await screen.findByRole("progressbar", { name: "Загрузка План зала.pdf" })).toBeTruthy();
    release();
    expect(await screen.findByText("План загружен")).toBeTruthy();
    const open = await screen.findByRole("link", { name: "Открыть PDF" });
    expect(open.getAttribute("href")).toMatch(
      new RegExp(
        `/api/v1/establishment/${SIGNED_IN_USER_ID}/${venue.id}/layout-file\\?access_token=.+`,
      ),
    );
    expect(screen.getByText(/План зала\.pdf · 2,00 МБ · загружен/)).toBeTruthy();
    expect(screen.getByLabelText("Заменить план")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Удалить план" }));
    const dialog = await screen.findByRole("dialog", { name: "Удалить план?" });
    await user.click(within(dialog).getByRole("button", { name: "Удалить" }));
    expect(await screen.findByText("План удалён")).toBeTruthy();
    expect(await screen.findByText("План не загружен")).toBeTruthy();
    expect(deletes).toBe(1);
  });

  it("shows an image plan in place and the server's refusal of an upload", async () => {
    const venue = buildEstablishment({
      userId: SIGNED_IN_USER_ID,
      layoutFile: { ...pdfLayout, name: "plan.png", contentType: "image/png" },
    });
    renderSignedIn(
      "role-client",
      `/client-objects/${venue.id}`,
      on(establishmentsApi.getEstablishment, ({ reply }) => reply(venue)),
      on(establishmentsApi.addLayoutFile, () =>
        replyError(415, {
          type: "unsupported-file",
          reason: "План заведения должен быть изображением (JPEG, PNG, WebP) или PDF",
          message: "not an image",
        }),
      ),
    );
    const image = await screen.findByRole("img", { name: "План заведения: plan.png" });
    expect(image.getAttribute("src")).toContain("/layout-file?access_token=");
    await userEvent.upload(
      screen.getByLabelText("Заменить план"),
      new File(["fake"], "plan.png", { type: "image/png" }),
    );
    expect((await screen.findByRole("alert")).textContent).toBe(
      "plan.png: План заведения должен быть изображением (JPEG, PNG, WebP) или PDF",
    );
  });

  it("says clearly when the establishment is not the viewer's", async () => {
    const id = buildEstablishment().id;
    renderSignedIn(
      "role-client",
      `/client-objects/${id}`,
      on(establishmentsApi.getEstablishment, () =>
        replyError(404, {
          type: "not-found",
          reason: "Заведение не найдено",
          message: "Establishment not found",
        }),
      ),
    );
    expect(await screen.findByText("Заведение не найдено")).toBeTruthy();
    expect(
      screen.getByText(
        "Среди ваших заведений такого нет: возможно, ссылка устарела или заведение удалено.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "К списку заведений" }).getAttribute("href")).toBe(
      "/client-objects",
    );
  });

  it("shows staff a client's establishment read-only when the server allows no edit", async () => {
    const venue = buildEstablishment({
      layoutFile: pdfLayout,
      abilities: { edit: false, subscribe: false },
    });
    const asked: string[] = [];
    renderSignedIn(
      "role-support",
      `/client-objects/${venue.id}/${CLIENT_ID}`,
      on(establishmentsApi.getEstablishment, ({ params, reply }) => {
        asked.push(params.userId);
        return reply(venue);
      }),
    );
    expect(await screen.findByRole("heading", { name: venue.name, level: 1 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Открыть PDF" }).getAttribute("href")).toContain(
      `/establishment/${CLIENT_ID}/${venue.id}/layout-file`,
    );
    expect(screen.queryByRole("link", { name: "Изменить" })).toBeNull();
    expect(screen.queryByText("Заменить план")).toBeNull();
    expect(screen.queryByRole("button", { name: "Удалить план" })).toBeNull();
    expect(screen.getByText("Нет подписки")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Подключить тариф" })).toBeNull();
    expect(screen.getByRole("link", { name: "Заведения клиента" }).getAttribute("href")).toBe(
      `/client-objects?clientId=${CLIENT_ID}`,
    );
    expect(asked).toEqual([CLIENT_ID]);
  });
});
