import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The server's keys, each derived from the one configured secret
 * (JWT_SECRET) with HKDF-SHA256 and its own label (RFC 5869), so that a
 * key used for one purpose never serves another: knowing a code hash says
 * nothing about the signing key, and rotating the secret rotates them all.
 */
export interface ServerKeys {
  /** HS256 key of access tokens. */
  readonly tokenSigning: Uint8Array;
  /** HMAC key of stored one-time codes and erased addresses. */
  readonly codeHashing: Buffer;
  /**
   * HMAC key of the sign-in addresses that codes and limits are kept under,
   * so that those tables never hold an e-mail or a phone (152-FZ).
   */
  readonly addressHashing: Buffer;
  /** AES-256-GCM key sealing a rotated refresh token's successor. */
  readonly refreshSealing: Buffer;
}

const SALT = "fonika/keys/v1";

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, SALT, label, 32));
}

export function deriveKeys(secret: string): ServerKeys {
  return {
    tokenSigning: new Uint8Array(derive(secret, "access-token-signing")),
    codeHashing: derive(secret, "code-hashing"),
    addressHashing: derive(secret, "address-hashing"),
    refreshSealing: derive(secret, "refresh-successor-sealing"),
  };
}

/** Encrypts a short secret with AES-256-GCM: `iv.tag.ciphertext`, base64url. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** Opens what `seal` made with the same key; null when it was tampered with. */
export function unseal(key: Buffer, sealed: string): string | null {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
