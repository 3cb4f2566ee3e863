/**
 * The signed link the gateway puts in a `-32042` URL elicitation: who asked (gateway, user key),
 * for which MCP registry, until when, and a random id that makes it single-use. Sealed with
 * AES-256-GCM under a key derived from the master key, so it can be neither read nor forged, and
 * any process with the master key opens it.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What a connect ticket holds. */
export interface ConnectTicket {
  gatewayId: string;
  /** The user (upstream-user-key.ts) whose upstream token the flow will store. */
  userKey: string;
  registryId: string;
  /** Epoch milliseconds after which the link is refused. */
  expiresAt: number;
  /** Random id: a link starts one flow only. */
  id: string;
}

/** How long a connect link stays valid (10 minutes). */
export const CONNECT_TICKET_TTL_MS = 10 * 60 * 1000;
/** The purpose the ticket key is derived for (`SecretBox.deriveKey`). */
export const CONNECT_TICKET_KEY_PURPOSE = 'mcp upstream connect ticket v1';

const FORMAT = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Longer tickets are not ours: nothing larger is decrypted. */
const MAX_TICKET_CHARS = 2048;

/** Seals and opens connect tickets; built once per process. */
export class ConnectTicketSeal {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the connect ticket key must be 32 bytes');
  }

  /** A fresh ticket for (gateway, user, registry), valid `ttlMs`, as base64url text. */
  issue(gatewayId: string, userKey: string, registryId: string, ttlMs = CONNECT_TICKET_TTL_MS): string {
    const ticket: ConnectTicket = { gatewayId, userKey, registryId, expiresAt: Date.now() + ttlMs, id: randomBytes(16).toString('base64url') };
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const plain = JSON.stringify({ g: ticket.gatewayId, u: ticket.userKey, r: ticket.registryId, e: ticket.expiresAt, n: ticket.id });
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.of(FORMAT), iv, data, cipher.getAuthTag()]).toString('base64url');
  }

  /** The ticket in `text` when it opens and has not expired; undefined otherwise. */
  open(text: string): ConnectTicket | undefined {
    if (text.length > MAX_TICKET_CHARS || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
    const raw = Buffer.from(text, 'base64url');
    if (raw.length < 1 + IV_BYTES + TAG_BYTES + 2 || raw[0] !== FORMAT) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(1, 1 + IV_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      const v = JSON.parse(plain) as { g: string; u: string; r: string; e: number; n: string };
      if (typeof v.e !== 'number' || v.e <= Date.now()) return undefined;
      return { gatewayId: v.g, userKey: v.u, registryId: v.r, expiresAt: v.e, id: v.n };
    } catch {
      return undefined;
    }
  }
}
