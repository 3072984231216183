/**
 * Names of uploaded files as the product keeps and shows them. A name is
 * the uploader's text shown to someone else (support staff, a client, a
 * download dialog), so what could disguise it goes: folders, control
 * characters, and the bidirectional embedding, override and isolate
 * controls (U+202A–202E, U+2066–2069) that make `invoice<U+202E>fdp.exe` read
 * as `invoiceexe.pdf` (Trojan Source, CVE-2021-42574).
 */

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;
const CONTROL_CHARACTERS = /\p{Cc}/gu;
const MAX_NAME_LENGTH = 255;

/** `text` without bidirectional embedding, override and isolate controls. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/**
 * The uploaded `name` fit to keep: its last path segment, without control
 * or bidi control characters, trimmed, at most 255 characters; `fallback`
 * when nothing is left (a nameless upload).
 */
export function cleanUploadedFileName(name: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const clean = withoutBidiControls(base.replace(CONTROL_CHARACTERS, ""))
    .trim()
    .slice(0, MAX_NAME_LENGTH);
  return clean || fallback;
}
