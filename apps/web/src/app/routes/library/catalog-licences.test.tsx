import { type CopyrightLicence, catalogApi, licenceDayOf, licencesApi } from "@fonika/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderLibrary } from "../../../test/library-app.tsx";
import { nextId } from "../../../test/library-factories.ts";
import { on } from "../../../test/scripted-server.ts";

/**
 * A copyright holder's licences on the catalog screen (issue 32): listed
 * with their state, a new one recorded with its document, and the ones
 * ending within 30 days shown above the holders.
 */

const holder = { id: nextId(), name: "Фирма «Мелодия»", songCount: 12 };
const today = licenceDayOf(Date.now());

function licenceOf(fields: Partial<CopyrightLicence>): CopyrightLicence {
  return {
    id: nextId(),
    holderId: holder.id,
    contractNumber: "№ 1/2025",
    territory: "Российская Федерация",
    startsOn: "2025-01-01",
    endsOn: "2025-12-31",
    document: null,
    createdAt: "2025-01-01T10:00:00.000Z",
    ...fields,
  };
}

describe("a copyright holder's licences", () => {
  it("lists them with their state, records a new one with its document, and names what ends soon", async () => {
    const ended = licenceOf({});
    const added: unknown[] = [];
    const documents: string[] = [];
    let licences = [ended];
    renderLibrary(
      "/catalog/copyright-holders",
      on(catalogApi.listCopyrightHolders, ({ reply }) =>
        reply({ data: [holder], total: 1, totalPages: 1 }),
      ),
      on(licencesApi.listEndingLicences, ({ reply }) =>
        reply([
          {
            licence: licenceOf({ startsOn: "2026-01-01", endsOn: today }),
            holder: { id: holder.id, name: holder.name },
            songCount: 12,
            followedBy: false,
          },
        ]),
      ),
      on(licencesApi.listLicences, ({ reply }) => reply(licences)),
      on(licencesApi.addLicence, ({ body, reply }) => {
        added.push(body);
        const made = licenceOf({ ...body, endsOn: body.endsOn ?? null });
        licences = [made, ...licences];
        return reply(made);
      }),
      on(licencesApi.changeLicenceDocument, ({ params, file, reply }) => {
        documents.push(file?.name ?? "");
        const withDocument = {
          ...(licences.find((one) => one.id === params.licenceId) as CopyrightLicence),
          document: {
            fileName: "договор.pdf",
            contentType: "application/pdf" as const,
            sizeBytes: 9,
          },
        };
        licences = licences.map((one) => (one.id === withDocument.id ? withDocument : one));
        return reply(withDocument);
      }),
    );
    const soon = await screen.findByRole("region", { name: "Истекающие лицензии" });
    expect(soon.textContent).toContain("после этого перестанут играть треков: 12");

    await userEvent.click(screen.getByRole("button", { name: "Лицензии «Фирма «Мелодия»»" }));
    const dialog = await screen.findByRole("dialog", { name: "Лицензии: Фирма «Мелодия»" });
    expect(await within(dialog).findByText("Истекла")).toBeTruthy();

    // A reversed period is refused before any call.
    await userEvent.type(within(dialog).getByLabelText("Номер договора"), "№ 7/2026");
    await userEvent.type(within(dialog).getByLabelText("Действует с"), "2026-06-01");
    await userEvent.type(within(dialog).getByLabelText("Действует по"), "2026-01-01");
    await userEvent.click(within(dialog).getByRole("button", { name: "Добавить лицензию" }));
    expect(await within(dialog).findByText("Конец срока раньше начала")).toBeTruthy();
    expect(added).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText("Действует по"));
    await userEvent.upload(
      within(dialog).getByLabelText("Документ"),
      new File(["%PDF-1.4"], "договор.pdf", { type: "application/pdf" }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Добавить лицензию" }));
    await waitFor(() =>
      expect(added).toEqual([
        {
          contractNumber: "№ 7/2026",
          territory: "Российская Федерация",
          startsOn: "2026-06-01",
          endsOn: null,
        },
      ]),
    );
    expect(documents).toEqual(["договор.pdf"]);
    expect(await within(dialog).findByRole("link", { name: "договор.pdf" })).toBeTruthy();
  });
});
