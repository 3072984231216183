import { createRequire } from "node:module";

/**
 * The ffmpeg that `npm ci` brings (`@ffmpeg-installer/ffmpeg`, a static
 * build inside its platform package). Resolved when asked, not at import:
 * the package throws on a platform it has no build for.
 */
export function findFfmpeg(): string {
  try {
    const installer = createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as {
      path: string;
    };
    return installer.path;
  } catch (error) {
    throw new Error(`ffmpeg (@ffmpeg-installer/ffmpeg) is not available: ${String(error)}`);
  }
}
