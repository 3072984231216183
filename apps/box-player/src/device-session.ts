import { readFile, rename, writeFile } from "node:fs/promises";
import { API_BASE, authApi, type TokenPair, tokenPairSchema } from "@fonika/shared";
import type { EmitEvent } from "./events.ts";
import type { Timers, Timings } from "./timers.ts";

/**
 * The box's session (RFC 8628 device grant, SPEC.md §9): it signs in by a
 * code the owner approves, keeps the token pair in a state file between
 * runs, rotates it as the web app does, and makes the box's authorized
 * requests. Nothing here knows the socket or what plays.
 */

export interface DeviceSessionOptions {
  /** The server's base address, without a trailing slash. */
  base: string;
  userAgent: string;
  /** The web app's address shown for approving the code; `base` when absent. */
  publicUrl?: string;
  /** Where the pair is kept between runs; none: in memory only. */
  stateFile?: string;
  timings: Pick<Timings, "poll" | "reconnect">;
  timers: Timers;
  emit: EmitEvent;
  /** Whether the box was stopped: signing in gives up then. */
  isStopped(): boolean;
}

export class DeviceSession {
  private tokens: TokenPair | null = null;

  constructor(private readonly options: DeviceSessionOptions) {}

  /** The current access token, once signed in. */
  token(): string | null {
    return this.tokens?.token ?? null;
  }

  /**
   * Resumes the stored session, or signs in by code until the owner
   * approves one (retrying through a server that is down). Resolves with
   * whether the session was resumed, or null when the box stopped first.
   */
  async signIn(): Promise<{ resumed: boolean } | null> {
    this.tokens = await this.loadTokens();
    if (this.tokens) {
      // A stored session may have an expired access token: rotate it first.
      const rotated = await this.rotate();
      if (!rotated) this.tokens = null;
    }
    const resumed = this.tokens !== null;
    while (!this.tokens && !this.options.isStopped()) {
      try {
        this.tokens = await this.signInByCode();
      } catch (error) {
        // A box has no one to ask: it says why and tries again (server down, network out).
        if (this.options.isStopped()) break;
        this.options.emit({ kind: "failure", error });
        await this.options.timers.sleep(this.options.timings.reconnect);
      }
    }
    if (this.options.isStopped()) return null;
    await this.saveTokens();
    return { resumed };
  }

  private async signInByCode(): Promise<TokenPair> {
    for (;;) {
      const created = authApi.createDeviceCode.response.parse(
        await this.request(authApi.createDeviceCode.path),
      );
      // The owner's «Подключить устройство», the code already typed in (as the web player's QR link).
      const approveAt = `${(this.options.publicUrl ?? this.options.base).replace(/\/$/, "")}/connect-device?code=${encodeURIComponent(created.code)}`;
      this.options.emit({
        kind: "code",
        code: created.code,
        approveAt,
        expiresInSeconds: created.expiresInSeconds,
      });
      for (;;) {
        await this.options.timers.sleep(this.options.timings.poll);
        if (this.options.isStopped()) throw new Error("stopped before the code was approved");
        const polled = authApi.waitForVerification.response.parse(
          await this.request(authApi.waitForVerification.path, {
            verificationId: created.verificationId,
          }),
        );
        if (polled.status === "APPROVED" && polled.tokens) return polled.tokens;
        if (polled.status === "EXPIRED") break;
      }
    }
  }

  /** Rotates the token pair; false when the session is gone (signed out elsewhere). */
  async rotate(): Promise<boolean> {
    if (!this.tokens || this.options.isStopped()) return false;
    try {
      const answer = await fetch(`${this.options.base}${API_BASE}${authApi.refreshToken.path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": this.options.userAgent },
        body: JSON.stringify({ refreshToken: this.tokens.refreshToken }),
      });
      if (answer.status === 401 || answer.status === 400) return false;
      if (!answer.ok) throw new Error(`refresh answered ${answer.status}`);
      this.tokens = tokenPairSchema.parse(await answer.json());
      await this.saveTokens();
      return true;
    } catch (error) {
      // A network hiccup: keep the pair and try again at the next turn.
      this.options.emit({ kind: "failure", error });
      return true;
    }
  }

  private async loadTokens(): Promise<TokenPair | null> {
    if (!this.options.stateFile) return null;
    try {
      const parsed = tokenPairSchema.safeParse(
        JSON.parse(await readFile(this.options.stateFile, "utf8")),
      );
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private async saveTokens(): Promise<void> {
    if (!this.options.stateFile || !this.tokens) return;
    // Written aside and renamed, so a crash never leaves half a file.
    const aside = `${this.options.stateFile}.tmp`;
    await writeFile(aside, JSON.stringify(this.tokens), { mode: 0o600 });
    await rename(aside, this.options.stateFile);
  }

  /** A POST without a session (signing in); throws on an answer that is not 2xx. */
  private async request(path: string, body?: unknown): Promise<unknown> {
    const answer = await fetch(`${this.options.base}${API_BASE}${path}`, {
      method: "POST",
      headers: {
        "user-agent": this.options.userAgent,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    return answer.json();
  }

  /** A GET in the session's name, answering the parsed JSON; throws on an answer that is not 2xx. */
  async authorized(path: string): Promise<unknown> {
    const answer = await fetch(`${this.options.base}${API_BASE}${path}`, {
      headers: {
        authorization: `Bearer ${this.token() ?? ""}`,
        "user-agent": this.options.userAgent,
      },
    });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    return answer.json();
  }

  /** The user the session speaks for (its token's `sub`): a device session's is the venue's owner. */
  userId(): string {
    if (!this.tokens) throw new Error("not signed in");
    return tokenSubject(this.tokens.token);
  }
}

/** The user a token speaks for (its `sub`). */
function tokenSubject(token: string): string {
  const payload: unknown = JSON.parse(
    Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"),
  );
  const sub = (payload as { sub?: unknown }).sub;
  if (typeof sub !== "string") throw new Error("the access token names no user");
  return sub;
}
