import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detectDocumentType } from "./document-file.ts";
import {
  compoundFile,
  docxDocument,
  jpegImage,
  openDocument,
  pdfDocument,
  pngImage,
  zipArchive,
} from "./document-fixtures.ts";

/** The content check of authors' documents: each accepted kind, and what only looks like one. */

const folder = mkdtempSync(path.join(tmpdir(), "fonika-documents-"));

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

async function detect(data: Buffer): Promise<string | undefined> {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.bin`);
  writeFileSync(file, data);
  return detectDocumentType(file, data.length);
}

describe("detectDocumentType", () => {
  it("tells each accepted kind by its content", async () => {
    const cases: Array<[string, Buffer, string]> = [
      ["pdf", pdfDocument(), "application/pdf"],
      ["jpeg", jpegImage(), "image/jpeg"],
      ["png", pngImage(), "image/png"],
      ["doc", compoundFile("WordDocument"), "application/msword"],
      [
        "docx",
        docxDocument(),
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      ["odt", openDocument(), "application/vnd.oasis.opendocument.text"],
      // A DOC whose directory is far into the file, past the first chunk read.
      [
        "doc, directory late",
        Buffer.concat([
          compoundFile("Other").subarray(0, 1024),
          Buffer.alloc(2 * 1024 * 1024),
          compoundFile().subarray(1024),
        ]),
        "application/msword",
      ],
    ];
    const found = await Promise.all(cases.map(async ([name, data]) => [name, await detect(data)]));
    expect(found).toEqual(cases.map(([name, , type]) => [name, type]));
  });

  it("refuses what only looks like one", async () => {
    const docx = docxDocument();
    const cases: Array<[string, Buffer]> = [
      ["text", Buffer.from("%PD not quite a pdf")],
      ["html", Buffer.from("<!doctype html><script>alert(1)</script>")],
      ["empty", Buffer.alloc(0)],
      ["one byte", Buffer.from([0xff])],
      ["spreadsheet (OLE2)", compoundFile("Workbook")],
      ["OLE2 header alone", compoundFile().subarray(0, 512)],
      // The name at a place no directory entry starts.
      [
        "WordDocument misaligned",
        Buffer.concat([
          compoundFile("Other"),
          Buffer.alloc(3),
          compoundFile().subarray(1024 + 128, 1024 + 256),
        ]),
      ],
      ["a plain zip", zipArchive([["readme.txt", "hello"]])],
      ["a spreadsheet (ODS)", openDocument("application/vnd.oasis.opendocument.spreadsheet")],
      ["docx without its content types", zipArchive([["word/document.xml", "<w:document/>"]])],
      ["zip cut short", docx.subarray(0, docx.length - 30)],
      ["zip header alone", Buffer.from("504b0304", "hex")],
    ];
    const found = await Promise.all(cases.map(async ([name, data]) => [name, await detect(data)]));
    expect(found).toEqual(cases.map(([name]) => [name, undefined]));
  });
});
