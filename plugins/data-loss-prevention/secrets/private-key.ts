/** PRIVATE_KEY: PEM and OpenSSH private key blocks with a real base64 body. */
import type { Recognizer, Span } from '../span.js';

const BLOCK =
  /-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP |SSH2 ENCRYPTED )?PRIVATE KEY(?: BLOCK)?)-----([\s\S]*?)(?:-----END \1-----|$)/g;

/** Finds private key blocks; a body of dots or a short stub (documentation) is not a key. */
export function privateKeyRecognizer(): Recognizer {
  return {
    entities: ['PRIVATE_KEY'],
    find(text: string, out: Span[]) {
      if (!text.includes('-----BEGIN')) return;
      for (const m of text.matchAll(BLOCK)) {
        // Headers such as `Proc-Type:` may precede the base64 body.
        // JSON-escaped blocks (`\\n` inside a string) are keys too.
        const body = m[2].replace(/\\[nr]/g, '\n').replace(/^[\w-]+:.*$/gm, '').replace(/\s+/g, '');
        if (body.length < 64 || !/^[A-Za-z0-9+/=]+$/.test(body)) continue;
        out.push({ entity: 'PRIVATE_KEY', start: m.index, end: m.index + m[0].length, score: 0.99 });
      }
    },
  };
}
