import { LIBRARY, songsApi } from "@fonika/shared";

/**
 * What audio file choosers accept: the upload endpoint's media types, and
 * the formats by extension for systems that do not type them (.opus, .flac).
 */
export const AUDIO_ACCEPT = [
  ...(songsApi.addSong.upload?.accept ?? []),
  ...LIBRARY.audioFormats.map((format) => `.${format}`),
].join(",");
