/*
 * A stored file as services describe it to the one file answer
 * (storage/send-file.ts); kernel: free of the web framework.
 */

/** What a file answer needs to know of a stored file, from its row. */
export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
  /** A strong validator of the content, e.g. its SHA-256. */
  etag: string;
  /**
   * `immutable`: the URL always means these bytes, so a browser may keep
   * them for FILE_CACHE_SECONDS without asking; `revalidate`: it may
   * change (covers), so the browser asks each time.
   */
  caching: "immutable" | "revalidate";
  /**
   * Sent with a file name: `attachment` to be saved (documents), `inline`
   * to be shown (a floor plan). Without it the browser decides.
   */
  disposition?: { type: "attachment" | "inline"; fileName: string };
}
