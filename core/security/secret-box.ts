/**
 * Secrets at rest: AES-256-GCM with a 32-byte master key (PORTCULLIS_MASTER_KEY, or a key
 * generated into the secrets folder for the embedded default: core/bootstrap/master-key.ts).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SealedSecret {
  /** Format version. */
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

export class SecretBox {
  private readonly key: Buffer;

  /** `key`: 32 bytes, or 64 hex / 44 base64 characters. */
  constructor(key: Buffer | string) {
    this.key = typeof key === 'string' ? decodeKey(key) : key;
    if (this.key.length !== 32) throw new Error('the master key must be 32 bytes (64 hex characters or base64)');
  }

  seal(plaintext: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  /** A 32-byte key for `purpose`, derived from the master key (HKDF-SHA256): call once, at start, never per request. */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `portcullis ${purpose}`, 32));
  }

  open(sealed: SealedSecret): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  }
}

function decodeKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  return Buffer.from(trimmed, 'base64');
}

export const generateMasterKey = (): string => randomBytes(32).toString('hex');
