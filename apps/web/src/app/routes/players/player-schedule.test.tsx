import { type EstablishmentWeek, playersApi, schedulesApi } from "@fonika/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import {
  buildPlayer,
  buildPlayerPlaylist,
  buildWeek,
  buildWeekWindow,
} from "../../../test/players-factories.ts";
import { PHONE_WIDTH, stubScreenWidth } from "../../../test/screen-width.ts";
import { on, replyError } from "../../../test/scripted-server.ts";
import { renderSignedIn, SIGNED_IN_USER_ID } from "../../../test/signed-in-app.tsx";

const player = buildPlayer({ userId: SIGNED_IN_USER_ID, name: "Зал у бара" });
const morning = buildPlayerPlaylist({ name: "Утро" });
const night = buildPlayerPlaylist({ name: "Ночь" });
const jazz = buildPlayerPlaylist({ name: "Джаз" });

/** Monday 07:00–11:00 of «Утро», Friday 22:00–02:00 of «Ночь» (across midnight). */
function usualWindows() {
  return [
    buildWeekWindow({
      playerId: player.id,
      playlistId: morning.playlistId,
      playlistName: "Утро",
      weekdays: ["MONDAY", "WEDNESDAY"],
    }),
    buildWeekWindow({
      playerId: player.id,
      playlistId: night.playlistId,
      playlistName: "Ночь",
      startTime: "22:00:00",
      endTime: "02:00:00",
      weekdays: ["FRIDAY"],
    }),
  ];
}

function renderSchedule(
  week: EstablishmentWeek,
  ...routes: Parameters<typeof renderSignedIn>[2][]
) {
  return renderSignedIn(
    "role-client",
    `/player/${player.id}`,
    ...routes,
    on(playersApi.getPlayer, ({ reply }) => reply(player)),
    on(playersApi.listPlayerPlaylists, ({ reply }) => reply({ data: [morning, night, jazz] })),
    on(schedulesApi.getEstablishmentSchedule, ({ params, reply }) => {
      expect(params.establishmentId).toBe(player.establishmentId);
      return reply(week);
    }),
  );
}

/** The window the server saves from a change call's body (without `scheduleId`: a new one). */
function savedWindow(
  body: z.input<typeof schedulesApi.establishmentScheduleChangeSchema>,
  playlistName: string,
) {
  const { scheduleId, ...window } = schedulesApi.establishmentScheduleChangeSchema.parse(body);
  return buildWeekWindow({ ...window, playlistName, ...(scheduleId ? { id: scheduleId } : {}) });
}

async function scheduleSection() {
  const heading = await screen.findByRole("heading", { name: "Расписание" });
  const section = heading.closest("section");
  if (!section) throw new Error("no schedule section");
  await within(section).findByText(/Время заведения/);
  return section;
}

function day(section: HTMLElement, name: string) {
  return within(section).getByRole("region", { name });
}

/** The window form, in the sheet that opened for it. */
function windowForm(sheet: string, form: string) {
  return within(screen.getByRole("dialog", { name: sheet })).getByRole("form", { name: form });
}

/** The mobile layout (below 1024 px) and the one-day week (below 720 px): every `max-width` query matches. */
function onPhone() {
  stubScreenWidth(PHONE_WIDTH);
}

/** On a phone the section is closed until its title is pressed. */
async function openScheduleOnPhone() {
  const user = userEvent.setup();
  const toggle = await screen.findByRole("button", { name: "Расписание" });
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  await user.click(toggle);
  return scheduleSection();
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a player's week", () => {
  it("draws windows by day in the venue's zone, one across midnight on both days, and a whole day", async () => {
    const whole = buildWeekWindow({
      playerId: player.id,
      playlistId: jazz.playlistId,
      playlistName: "Джаз",
      startTime: "00:00:00",
      endTime: "00:00:00",
      weekdays: ["SUNDAY"],
      playable: false,
    });
    renderSchedule(buildWeek(player, [...usualWindows(), whole], { timeZone: "Asia/Vladivostok" }));
    const section = await scheduleSection();
    // The zone in Russian, never the bare IANA name.
    expect(within(section).getByText(/^Владивосток \(UTC\+10\)$/)).toBeTruthy();
    expect(within(section).getByText(/Когда расписание пусто/).textContent).toBe(
      "Когда расписание пусто: тишина",
    );
    const heads = [...section.querySelectorAll(".schedule-grid__head")].map(
      (head) => head.textContent,
    );
    expect(heads).toEqual([
      "Понедельник",
      "Вторник",
      "Среда",
      "Четверг",
      "Пятница",
      "Суббота",
      "Воскресенье",
    ]);
    for (const name of ["Понедельник", "Среда"]) {
      expect(
        within(day(section, name)).getByRole("button", {
          name: "Окно «Утро» (пн, ср, 07:00–11:00)",
        }),
      ).toBeTruthy();
    }
    expect(within(day(section, "Вторник")).queryAllByRole("button")).toEqual([]);
    const friday = within(day(section, "Пятница")).getByRole("button", {
      name: "Окно «Ночь» (пт, 22:00–02:00)",
    });
    expect(friday.parentElement?.style.top).toBe(`${(22 / 24) * 100}%`);
    const saturday = within(day(section, "Суббота")).getByRole("button", {
      name: "Окно «Ночь» (пт, 22:00–02:00), продолжение после полуночи",
    });
    expect(saturday.parentElement?.style.top).toBe("0%");
    expect(saturday.parentElement?.style.height).toBe(`${(2 / 24) * 100}%`);
    const sunday = within(day(section, "Воскресенье")).getByRole("button", {
      name: "Окно «Джаз» (вс, весь день с 00:00), плейлист не входит в тариф",
    });
    expect(sunday.parentElement?.style.height).toBe("100%");
    expect(within(day(section, "Понедельник")).getAllByRole("button")).toHaveLength(1);
  });

  it("makes a window with the form, times typed as HH:MM and sent as HH:MM:SS, refusing a bad time before sending", async () => {
    const sent: unknown[] = [];
    const windows = usualWindows();
    renderSchedule(
      buildWeek(player, windows),
      on(schedulesApi.changeEstablishmentSchedule, ({ params, body, reply }) => {
        sent.push({ id: params.id, ...body });
        return reply(buildWeek(player, [...windows, savedWindow(body, "Джаз")]));
      }),
    );
    const section = await scheduleSection();
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Добавить окно" }));
    // Beside its button on a wide screen, not at the foot of the week.
    expect(screen.getByRole("dialog", { name: "Новое окно" }).className).toContain("sheet--beside");
    const form = windowForm("Новое окно", "Новое окно расписания");
    await user.selectOptions(within(form).getByLabelText("Плейлист"), "Джаз");
    await user.click(within(form).getByLabelText("Вторник"));
    await user.click(within(form).getByLabelText("Четверг"));
    await user.type(within(form).getByLabelText("Начало"), "25:00");
    expect(within(form).getByText("Некорректное время")).toBeTruthy();
    await user.clear(within(form).getByLabelText("Начало"));
    await user.type(within(form).getByLabelText("Начало"), "09:00");
    // Four digits, as a phone's digit pad types them, are a time at once.
    await user.type(within(form).getByLabelText("Конец"), "1230");
    expect((within(form).getByLabelText("Конец") as HTMLInputElement).value).toBe("12:30");
    expect(within(form).queryByText("Некорректное время")).toBeNull();
    await user.click(within(form).getByRole("button", { name: "Добавить окно" }));
    expect(await screen.findByText("Окно добавлено в расписание")).toBeTruthy();
    expect(sent).toEqual([
      {
        id: player.establishmentId,
        playerId: player.id,
        playlistId: jazz.playlistId,
        startTime: "09:00:00",
        endTime: "12:30:00",
        weekdays: ["TUESDAY", "THURSDAY"],
      },
    ]);
    expect(
      within(day(section, "Четверг")).getByRole("button", {
        name: "Окно «Джаз» (вт, чт, 09:00–12:30)",
      }),
    ).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("names the window a new one would hit before saving, and shows the server's 409 if it still comes", async () => {
    const sent: unknown[] = [];
    renderSchedule(
      buildWeek(player, usualWindows()),
      on(schedulesApi.changeEstablishmentSchedule, ({ body }) => {
        sent.push(body);
        return replyError(409, {
          type: "conflict",
          reason: "Время пересекается с окном плейлиста «Вечер» (сб, 02:00–04:00)",
          message: "The window overlaps another window of the player",
        });
      }),
    );
    const section = await scheduleSection();
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Добавить окно" }));
    const form = windowForm("Новое окно", "Новое окно расписания");
    await user.click(within(form).getByLabelText("Суббота"));
    await user.type(within(form).getByLabelText("Начало"), "01:00:00");
    await user.type(within(form).getByLabelText("Конец"), "03:00:00");
    expect(within(form).getByRole("alert").textContent).toBe(
      "Пересекается с окном «Ночь» (пт, 22:00–02:00)",
    );
    const save = within(form).getByRole("button", { name: "Добавить окно" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.clear(within(form).getByLabelText("Начало"));
    await user.type(within(form).getByLabelText("Начало"), "02:00:00");
    expect(within(form).queryByRole("alert")).toBeNull();
    expect(sent).toEqual([]);
    await user.click(save);
    expect((await within(form).findByRole("alert")).textContent).toBe(
      "Время пересекается с окном плейлиста «Вечер» (сб, 02:00–04:00)",
    );
    expect(sent).toHaveLength(1);
  });

  it("removes a window from its form", async () => {
    const windows = usualWindows();
    const [monday, friday] = windows;
    const removed: string[] = [];
    renderSchedule(
      buildWeek(player, windows),
      on(schedulesApi.removeEstablishmentSchedule, ({ params, reply }) => {
        removed.push(`${params.id} ${params.scheduleId}`);
        return reply(buildWeek(player, friday ? [friday] : []));
      }),
    );
    const section = await scheduleSection();
    const user = userEvent.setup();
    await user.click(
      within(day(section, "Среда")).getByRole("button", {
        name: "Окно «Утро» (пн, ср, 07:00–11:00)",
      }),
    );
    const form = windowForm("Окно расписания", "Изменить окно расписания");
    expect((within(form).getByLabelText("Начало") as HTMLInputElement).value).toBe("07:00");
    expect((within(form).getByLabelText("Понедельник") as HTMLInputElement).checked).toBe(true);
    await user.click(within(form).getByRole("button", { name: "Удалить окно" }));
    expect(await screen.findByText("Окно удалено из расписания")).toBeTruthy();
    expect(removed).toEqual([`${player.establishmentId} ${monday?.id}`]);
    expect(within(day(section, "Понедельник")).queryAllByRole("button")).toEqual([]);
    expect(within(day(section, "Пятница")).getAllByRole("button")).toHaveLength(1);
  });

  it("sets the fallback playlist and back to silence", async () => {
    const sent: (string | null)[] = [];
    renderSchedule(
      buildWeek(player, usualWindows()),
      on(schedulesApi.setFallbackPlaylist, ({ params, body, reply }) => {
        expect(params.id).toBe(player.id);
        sent.push(body.playlistId);
        return reply({ fallbackPlaylistId: body.playlistId });
      }),
    );
    const section = await scheduleSection();
    const user = userEvent.setup();
    await user.selectOptions(
      within(section).getByLabelText("Играть, когда расписание пусто"),
      "Джаз",
    );
    expect(await screen.findByText("Запасной плейлист сохранён")).toBeTruthy();
    expect(within(section).getByText(/Когда расписание пусто/).textContent).toBe(
      "Когда расписание пусто: «Джаз»",
    );
    await user.selectOptions(
      within(section).getByLabelText("Играть, когда расписание пусто"),
      "Тишина",
    );
    expect(await within(section).findByText("тишина")).toBeTruthy();
    expect(sent).toEqual([jazz.playlistId, null]);
  });

  it("makes a window by dragging a playlist onto a day and hour, and refuses a move onto another window", async () => {
    // jsdom lays nothing out: the day columns are given a 700 × 720 px box (100 px a day, 30 px an hour).
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 700, height: 720 }),
    );
    const windows = usualWindows();
    const sent: unknown[] = [];
    renderSchedule(
      buildWeek(player, windows),
      on(schedulesApi.changeEstablishmentSchedule, ({ body, reply }) => {
        sent.push(body);
        return reply(buildWeek(player, [...windows, savedWindow(body, "Джаз")]));
      }),
    );
    const section = await scheduleSection();
    const palette = within(section).getByRole("list", { name: "Плейлисты для расписания" });
    const chip = within(palette).getByText("Джаз");
    // Thursday (the fourth column) at 10:05.
    fireEvent.pointerDown(chip, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(chip, { pointerId: 1, clientX: 350, clientY: 10 * 30 + 2.5 });
    expect(within(section).getByRole("status").textContent).toBe("«Джаз» (чт, 10:00–12:00)");
    fireEvent.pointerUp(chip, { pointerId: 1, clientX: 350, clientY: 302.5 });
    expect(await screen.findByText("Окно добавлено в расписание")).toBeTruthy();
    expect(sent).toEqual([
      {
        playerId: player.id,
        playlistId: jazz.playlistId,
        startTime: "10:00:00",
        endTime: "12:00:00",
        weekdays: ["THURSDAY"],
      },
    ]);

    // Monday's «Утро» (07:00–11:00, also on Wednesday) dragged four days on, to Friday 21:00: it would hit «Ночь».
    const body = within(day(section, "Понедельник")).getByRole("button", { name: /Окно «Утро»/ });
    fireEvent.pointerDown(body, { button: 0, pointerId: 2, clientX: 50, clientY: 7 * 30 });
    fireEvent.pointerMove(body, { pointerId: 2, clientX: 450, clientY: 21 * 30 });
    expect(within(section).getByRole("status").textContent).toBe(
      "Пересекается с окном «Ночь» (пт, 22:00–02:00)",
    );
    fireEvent.pointerUp(body, { pointerId: 2, clientX: 450, clientY: 21 * 30 });
    expect(within(section).getByRole("status").textContent).toBe(
      "Не сохранено: Пересекается с окном «Ночь» (пт, 22:00–02:00)",
    );
    expect(sent).toHaveLength(1);
  });

  it("resizes a window across midnight by its end on the next day, keeping its id", async () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 700, height: 720 }),
    );
    const windows = usualWindows();
    const sent: unknown[] = [];
    renderSchedule(
      buildWeek(player, windows),
      on(schedulesApi.changeEstablishmentSchedule, ({ body, reply }) => {
        sent.push(body);
        return reply(
          buildWeek(player, [
            ...windows.filter((each) => each.id !== body.scheduleId),
            savedWindow(body, "Ночь"),
          ]),
        );
      }),
    );
    const section = await scheduleSection();
    const edge = day(section, "Суббота").querySelector(".schedule-piece__edge--end");
    if (!edge) throw new Error("no end edge on Saturday");
    expect(day(section, "Пятница").querySelector(".schedule-piece__edge--end")).toBeNull();
    fireEvent.pointerDown(edge, { button: 0, pointerId: 3, clientX: 550, clientY: 2 * 30 });
    fireEvent.pointerMove(edge, { pointerId: 3, clientX: 550, clientY: 4 * 30 });
    expect(within(section).getByRole("status").textContent).toBe("«Ночь» (пт, 22:00–04:00)");
    fireEvent.pointerUp(edge, { pointerId: 3, clientX: 550, clientY: 4 * 30 });
    expect(await screen.findByText("Окно расписания сохранено")).toBeTruthy();
    expect(sent).toEqual([
      {
        scheduleId: windows[1]?.id,
        playerId: player.id,
        playlistId: night.playlistId,
        startTime: "22:00:00",
        endTime: "04:00:00",
        weekdays: ["FRIDAY"],
      },
    ]);
    expect(
      within(day(section, "Суббота")).getByRole("button", {
        name: "Окно «Ночь» (пт, 22:00–04:00), продолжение после полуночи",
      }),
    ).toBeTruthy();
  });

  it("shows one day at a time with day tabs on a phone", async () => {
    onPhone();
    renderSchedule(buildWeek(player, usualWindows()));
    const section = await openScheduleOnPhone();
    const user = userEvent.setup();
    await user.click(within(section).getByRole("tab", { name: "Пятница" }));
    expect(
      within(section)
        .getAllByRole("region")
        .map((region) => region.getAttribute("aria-label")),
    ).toEqual(["Пятница"]);
    expect(
      within(day(section, "Пятница")).getByRole("button", { name: /Окно «Ночь»/ }),
    ).toBeTruthy();
    await user.click(within(section).getByRole("tab", { name: "Суббота" }));
    expect(
      within(day(section, "Суббота")).getByRole("button", { name: /продолжение после полуночи/ }),
    ).toBeTruthy();
    expect(
      within(section).getByRole("tab", { name: "Суббота" }).getAttribute("aria-selected"),
    ).toBe("true");
  });

  it("takes the days at one tap («Будни», «Выходные», «Каждый день») or one by one, and times as HH:MM", async () => {
    const sent: unknown[] = [];
    const night = usualWindows().slice(1);
    renderSchedule(
      buildWeek(player, night),
      on(schedulesApi.changeEstablishmentSchedule, ({ body, reply }) => {
        sent.push(body);
        return reply(buildWeek(player, [...night, savedWindow(body, "Утро")]));
      }),
    );
    const section = await scheduleSection();
    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: "Добавить окно" }));
    const form = windowForm("Новое окно", "Новое окно расписания");
    const checked = () =>
      within(form)
        .getAllByRole("checkbox")
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.getAttribute("aria-label"));
    const pressed = () =>
      within(form)
        .queryAllByRole("button", { pressed: true })
        .map((button) => button.textContent);

    await user.click(within(form).getByRole("button", { name: "Будни" }));
    expect(checked()).toEqual(["Понедельник", "Вторник", "Среда", "Четверг", "Пятница"]);
    expect(pressed()).toEqual(["Будни"]);
    await user.click(within(form).getByRole("button", { name: "Выходные" }));
    expect(checked()).toEqual(["Суббота", "Воскресенье"]);
    await user.click(within(form).getByRole("button", { name: "Каждый день" }));
    expect(checked()).toHaveLength(7);
    expect(pressed()).toEqual(["Каждый день"]);
    // A day taken off is no longer every day; put back, it is again.
    await user.click(within(form).getByLabelText("Среда"));
    expect(pressed()).toEqual([]);
    await user.click(within(form).getByLabelText("Среда"));
    expect(pressed()).toEqual(["Каждый день"]);
    await user.click(within(form).getByRole("button", { name: "Будни" }));

    // One digit is not yet a mistake; a field left with it is.
    const start = within(form).getByLabelText("Начало") as HTMLInputElement;
    await user.type(start, "9");
    expect(within(form).queryByText("Некорректное время")).toBeNull();
    await user.tab();
    expect(within(form).getByText("Некорректное время")).toBeTruthy();
    // A time typed short is written out when the field is left.
    await user.type(start, "00");
    await user.tab();
    expect(start.value).toBe("09:00");
    await user.type(within(form).getByLabelText("Конец"), "18.00");
    expect((within(form).getByLabelText("Конец") as HTMLInputElement).value).toBe("18:00");
    await user.click(within(form).getByRole("button", { name: "Добавить окно" }));
    expect(await screen.findByText("Окно добавлено в расписание")).toBeTruthy();
    expect(sent).toEqual([
      {
        playerId: player.id,
        playlistId: morning.playlistId,
        startTime: "09:00:00",
        endTime: "18:00:00",
        weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"],
      },
    ]);
  });

  it("on a phone opens from its title, takes a window in a bottom sheet and shows it on its day", async () => {
    onPhone();
    const night = usualWindows().slice(1);
    renderSchedule(
      buildWeek(player, night),
      on(schedulesApi.changeEstablishmentSchedule, ({ body, reply }) =>
        reply(buildWeek(player, [...night, savedWindow(body, "Джаз")])),
      ),
    );
    const section = await openScheduleOnPhone();
    const user = userEvent.setup();
    // Saturday is shown; the window will be on weekdays only.
    await user.click(within(section).getByRole("tab", { name: "Суббота" }));
    await user.click(within(section).getByRole("button", { name: "Добавить окно" }));
    const sheet = screen.getByRole("dialog", { name: "Новое окно" });
    expect(sheet.className).toContain("sheet--bottom");
    const form = windowForm("Новое окно", "Новое окно расписания");
    await user.selectOptions(within(form).getByLabelText("Плейлист"), "Джаз");
    await user.click(within(form).getByRole("button", { name: "Будни" }));
    await user.type(within(form).getByLabelText("Начало"), "0900");
    await user.type(within(form).getByLabelText("Конец"), "1800");
    await user.click(within(form).getByRole("button", { name: "Добавить окно" }));
    expect(await screen.findByText("Окно добавлено в расписание")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();

    // The week moved on to the window's next day, and the window there has the focus.
    expect(
      within(section).getByRole("tab", { name: "Понедельник" }).getAttribute("aria-selected"),
    ).toBe("true");
    const added = await within(day(section, "Понедельник")).findByRole("button", {
      name: "Окно «Джаз» (пн, вт, ср, чт, пт, 09:00–18:00)",
    });
    await vi.waitFor(() => expect(document.activeElement).toBe(added));
    expect(added.parentElement?.className).toContain("schedule-piece--added");
  });
});
