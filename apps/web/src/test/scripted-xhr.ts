import type { FetchHandler } from "./scripted-server.ts";

/**
 * An XMLHttpRequest for the API client's uploads that hands each request to
 * the same scripted server as fetch does, so uploads are answered through
 * the shared contracts too. Before the answer is asked for, the upload
 * reports `sentBeforeAnswer` of the body as sent; the rest comes when the
 * answer is ready, just before `load`. Only what the API client uses is
 * here.
 */
export interface ScriptedXhrOptions {
  /** Share of the body reported sent while the answer is pending (0…1). */
  sentBeforeAnswer?: number;
}

type Handler = ((event: ProgressEvent) => void) | null;

class ScriptedXhr {
  status = 0;
  responseText = "";
  readonly upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  private method = "GET";
  private url = "";
  private readonly headers: Record<string, string> = {};
  private done = false;

  constructor(
    private readonly handler: FetchHandler,
    private readonly options: ScriptedXhrOptions,
  ) {}

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  abort(): void {
    if (this.done) return;
    this.done = true;
    this.onabort?.(new ProgressEvent("abort"));
  }

  send(body: FormData): void {
    const total = [...body.values()].reduce(
      (sum, value) => sum + (value instanceof Blob ? value.size : String(value).length),
      0,
    );
    const progress = (loaded: number) =>
      this.upload.onprogress?.(
        new ProgressEvent("progress", { lengthComputable: true, loaded, total }),
      );
    void (async () => {
      await Promise.resolve();
      if (this.done) return;
      progress(Math.round(total * (this.options.sentBeforeAnswer ?? 0.5)));
      let response: Response;
      try {
        response = await this.handler(this.url, {
          method: this.method,
          headers: this.headers,
          body,
        });
      } catch {
        if (this.done) return;
        this.done = true;
        this.onerror?.(new ProgressEvent("error"));
        return;
      }
      const text = await response.text();
      if (this.done) return;
      progress(total);
      this.done = true;
      this.status = response.status;
      this.responseText = text;
      this.onload?.(new ProgressEvent("load"));
    })();
  }
}

/** A `createXhr` for the API client whose requests the scripted server answers. */
export function scriptedXhr(
  handler: FetchHandler,
  options: ScriptedXhrOptions = {},
): () => XMLHttpRequest {
  return () => new ScriptedXhr(handler, options) as unknown as XMLHttpRequest;
}
