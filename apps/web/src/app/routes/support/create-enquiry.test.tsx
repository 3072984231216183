import { accountsApi, establishmentsApi, playersApi, supportApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildEnquiry, ENQUIRY_CLIENT, nextId } from "../../../test/enquiries-factories.ts";
import {
  buildEstablishment,
  buildEstablishmentPage,
} from "../../../test/establishments-factories.ts";
import { buildProfile, buildUsersPage } from "../../../test/factories.ts";
import { buildPlayer, onePage } from "../../../test/players-factories.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

const cafe = buildEstablishment({ userId: SIGNED_IN_USER_ID, name: "Кофейня на Лесной" });
const bar = buildEstablishment({ userId: SIGNED_IN_USER_ID, name: "Бар на Садовой" });
const hall = buildPlayer({
  userId: SIGNED_IN_USER_ID,
  establishmentId: cafe.id,
  establishmentName: cafe.name,
  name: "Зал у окна",
});
const counter = buildPlayer({
  userId: SIGNED_IN_USER_ID,
  establishmentId: bar.id,
  establishmentName: bar.name,
  name: "Стойка",
});

/** A promise and its resolver, to hold a scripted answer until the test lets it go. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("creating an enquiry", () => {
  it("preselects from the link, uploads files with progress, shows the server's refusals, and sends the contract's body", async () => {
    const created = buildEnquiry({ number: 57 });
    const screenshotId = nextId();
    const firstUpload = gate();
    const sent: unknown[] = [];
    const view = renderSignedIn(
      "role-client",
      `/support/create-enquiry?playerId=${counter.id}&topic=player-silent`,
      on(establishmentsApi.listEstablishments, ({ params, reply }) => {
        expect(params.userId).toBe(SIGNED_IN_USER_ID);
        return reply(buildEstablishmentPage([cafe, bar]));
      }),
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([hall, counter]))),
      on(supportApi.uploadSupportAttachment, async ({ file, reply }) => {
        if (file?.name === "screen.png") {
          await firstUpload.opened;
          return reply({ id: screenshotId, name: "screen.png", mediaType: "image/png", size: 4 });
        }
        if (file?.name === "huge.log") {
          return replyError(413, {
            type: "payload-too-large",
            reason: "Файл больше 10 МБ",
            message: "too large",
          });
        }
        return replyError(415, {
          type: "unsupported-file",
          reason: "Такой файл не принимается: нужны изображения, PDF или текст",
          message: "unsupported",
        });
      }),
      on(supportApi.createEnquiry, ({ body, reply }) => {
        sent.push(body);
        return reply(created);
      }),
      on(supportApi.getEnquiry, ({ reply }) => reply(created)),
      on(supportApi.markEnquiryRead, ({ reply }) => reply({ ok: true })),
    );

    const topic = await screen.findByRole("combobox", { name: "Тема" });
    expect((topic as HTMLSelectElement).value).toBe("player-silent");
    const establishment = screen.getByRole("combobox", { name: "Заведение" });
    await waitFor(() => expect((establishment as HTMLSelectElement).value).toBe(bar.id));
    const player = screen.getByRole("combobox", { name: "Плеер" });
    expect((player as HTMLSelectElement).value).toBe(counter.id);
    // Players follow the establishment.
    expect(within(player).queryByRole("option", { name: "Зал у окна" })).toBeNull();

    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText("Вложения", { selector: "input" });
    await user.upload(input, new File(["png!"], "screen.png", { type: "image/png" }));
    const progress = await screen.findByRole("progressbar", { name: "Загрузка screen.png" });
    await waitFor(() => expect(progress.getAttribute("value")).toBe("50"));

    await user.upload(input, [
      new File(["x".repeat(20)], "huge.log", { type: "text/plain" }),
      new File(["MZ"], "tool.exe", { type: "application/octet-stream" }),
    ]);
    expect(await screen.findByText("Файл больше 10 МБ")).toBeTruthy();
    expect(
      await screen.findByText("Такой файл не принимается: нужны изображения, PDF или текст"),
    ).toBeTruthy();

    await user.type(screen.getByRole("textbox", { name: "Описание" }), "Тишина <b>с утра</b>");
    expect(screen.getByText(`${"Тишина <b>с утра</b>".length} / 5000`)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Отправить обращение" }));
    expect(await screen.findByText("Дождитесь, пока файлы загрузятся")).toBeTruthy();

    firstUpload.open();
    await waitFor(() =>
      expect(screen.queryByRole("progressbar", { name: "Загрузка screen.png" })).toBeNull(),
    );
    await user.click(screen.getByRole("button", { name: "Отправить обращение" }));
    expect(await screen.findByText("Уберите файлы, которые не загрузились")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Убрать huge.log" }));
    await user.click(screen.getByRole("button", { name: "Убрать tool.exe" }));
    expect(screen.queryByText("Файл больше 10 МБ")).toBeNull();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Отправить обращение" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      topic: "player-silent",
      text: "Тишина <b>с утра</b>",
      establishmentId: bar.id,
      playerId: counter.id,
      attachmentIds: [screenshotId],
    });
    expect(await screen.findByText("Обращение №57 отправлено")).toBeTruthy();
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe(`/support/enquiries/${created.id}`),
    );
  });

  it("asks an admin for the client first and names the client in the body", async () => {
    const client = buildProfile({
      userId: ENQUIRY_CLIENT.id,
      firstName: "Анна",
      lastName: "Иванова",
      patronymic: null,
      login: "anna@example.ru",
    });
    const sent: unknown[] = [];
    const clientsAsked: string[] = [];
    renderSignedIn(
      "role-admin",
      "/support/create-enquiry",
      on(accountsApi.listUsers, ({ query, reply }) => {
        clientsAsked.push(query.get("role") ?? "");
        return reply(buildUsersPage([client]));
      }),
      on(establishmentsApi.listEstablishments, ({ params, reply }) => {
        expect(params.userId).toBe(ENQUIRY_CLIENT.id);
        return reply(buildEstablishmentPage([]));
      }),
      on(playersApi.listUserPlayers, ({ reply }) => reply(onePage([]))),
      on(supportApi.createEnquiry, ({ body, reply }) => {
        sent.push(body);
        return reply(buildEnquiry());
      }),
      on(supportApi.getEnquiry, ({ reply }) => reply(buildEnquiry())),
      on(supportApi.markEnquiryRead, ({ reply }) => reply({ ok: true })),
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Тема" }), "Другое");
    await user.type(screen.getByRole("textbox", { name: "Описание" }), "Вопрос по договору");
    await user.click(screen.getByRole("button", { name: "Отправить обращение" }));
    expect(
      await screen.findByText("Выберите клиента, от имени которого пишете", {
        selector: "[role=alert]",
      }),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByRole("searchbox", { name: "Найти клиента" }), "Иванова");
    const chooser = screen.getByRole("combobox", { name: "Клиент" });
    await within(chooser).findByRole("option", { name: "Иванова Анна (anna@example.ru)" });
    await user.selectOptions(chooser, "Иванова Анна (anna@example.ru)");
    await user.selectOptions(screen.getByRole("combobox", { name: "Тема" }), "Другое");
    await user.type(screen.getByRole("textbox", { name: "Описание" }), "Вопрос по договору");
    await user.click(screen.getByRole("button", { name: "Отправить обращение" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      topic: "other",
      text: "Вопрос по договору",
      establishmentId: null,
      playerId: null,
      attachmentIds: [],
      clientId: ENQUIRY_CLIENT.id,
    });
    expect(clientsAsked.every((role) => role === "role-client")).toBe(true);
  });
});
