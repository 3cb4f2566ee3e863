/**
 * Legacy-era MCP sessions kept by the client, not by the gateway: the `MCP-Session-Id` is the
 * session itself, sealed with AES-256-GCM under a key derived once (HKDF-SHA256,
 * `SecretBox.deriveKey(MCP_SESSION_KEY_PURPOSE)`) from the gateway's master key. Any process holding the same master key opens it, so any data plane
 * serves any request of a session, and a token that was tampered with, or was sealed under
 * another key, does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { UpstreamSessions } from '../toolkit.js';

/** What a legacy-era session id holds. */
export interface McpSession {
  /** The consumer the session was opened for. */
  consumerId: string;
  /** The credential (auth record) it was opened with: another credential cannot use it. */
  authId: string;
  /** The protocol revision agreed at `initialize`. */
  protocolVersion: string;
  /** Epoch milliseconds of the `initialize`. */
  issuedAt: number;
  /** Upstream session ids by registry id, from `toolkit.openSessions`. */
  upstream: UpstreamSessions;
}

const FORMAT = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The purpose the session key is derived for: distinguishes it from every other key derived from the master key. */
export const MCP_SESSION_KEY_PURPOSE = 'mcp session id v1';

/** Seals and opens legacy-era session ids; built once per process. */
export class SessionSeal {
  private readonly key: Buffer;

  /** `key`: 32 bytes derived from the master key (the same on every data plane). */
  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the MCP session key must be 32 bytes');
    this.key = key;
  }

  /** The session id for `session`: a version byte, IV, ciphertext and tag, base64url (visible ASCII, as the transport requires). */
  seal(session: McpSession): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const plain = JSON.stringify({ c: session.consumerId, a: session.authId, p: session.protocolVersion, t: session.issuedAt, u: session.upstream });
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.of(FORMAT), iv, data, cipher.getAuthTag()]).toString('base64url');
  }

  /** The session inside `token`, or undefined when it is malformed, tampered with or sealed under another key. */
  open(token: string): McpSession | undefined {
    // base64url only: Buffer.from would skip other characters, letting two spellings open alike.
    if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 1 + IV_BYTES + TAG_BYTES + 2 || raw[0] !== FORMAT) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(1, 1 + IV_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      const value = JSON.parse(plain) as { c: string; a: string; p: string; t: number; u: Record<string, string> };
      return { consumerId: value.c, authId: value.a, protocolVersion: value.p, issuedAt: value.t, upstream: value.u ?? {} };
    } catch {
      return undefined;
    }
  }
}
