import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random lowercase DNS label (`gw-` and ten letters or digits) for a gateway created without a slug. */
export function randomGatewaySlug(): string {
  const bytes = randomBytes(10);
  let suffix = '';
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return `gw-${suffix}`;
}
