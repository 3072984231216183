import { type TokenPayload, tokenPayloadSchema } from "@fonika/shared";

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "=");
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the payload of an access token (SPEC.md §3: exp, sub, authority)
 * without checking its signature: the server checks it on every call.
 * Answers null for anything that is not such a token.
 */
export function decodeAccessToken(token: string): TokenPayload | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const parsed = tokenPayloadSchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
