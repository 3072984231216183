import { LIBRARY, songsApi } from "@fonika/shared";

/**
 * What audio file choosers accept: the upload endpoint's media types, and
 * the formats by extension for systems that do not type them (.opus, .flac).
 */
export const AUDIO_ACCEPT = [
  ...(songsApi.addSong.upload?.accept ?? []),
  ...LIBRARY.audioFormats.map((format) => `.${format}`),
].join(",");

/** Whether a drag carries files from the desktop (only its types are readable while dragging over). */
export function carriesFiles(dataTransfer: Pick<DataTransfer, "types">): boolean {
  return [...dataTransfer.types].includes("Files");
}
