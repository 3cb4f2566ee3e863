/**
 * DOMAIN_NAME: registrable domain names (`bluestone.com`, `login.ironmaple.org`,
 * `quietorbit.co.uk`), bare or inside a URL. Top-level domains that are also common file
 * extensions (`.py`, `.md`, `.rs`, `.sh`, `.pl`) are left out: `main.py` is a file.
 */
import type { Recognizer, Span } from '../span.js';

const TLD =
  'com|org|net|edu|gov|mil|int|info|biz|io|co|ai|app|dev|me|tv|xyz|online|site|tech|cloud|shop|store|blog|news|us|uk|ca|au|nz|ie|de|fr|nl|be|es|it|pt|ch|at|se|no|dk|fi|pl|cz|ru|ua|jp|cn|kr|in|br|mx|ar|za|eu|co\\.uk|org\\.uk|ac\\.uk|gov\\.uk|com\\.au|co\\.jp|com\\.br|co\\.in';
// Labels of letters, digits and hyphens; the last label before the TLD holds a letter.
const DOMAIN = new RegExp(`(?<![\\w.@-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.){0,4}[a-z0-9-]*[a-z][a-z0-9-]*\\.(?:${TLD}))(?![\\w-]|\\.[a-z0-9])`, 'gi');

/** Finds domain names; an e-mail's domain is left to the e-mail (the `@` before it). */
export function domainNameRecognizer(): Recognizer {
  return {
    entities: ['DOMAIN_NAME'],
    find(text: string, out: Span[]) {
      if (!text.includes('.')) return;
      for (const m of text.matchAll(DOMAIN)) {
        const value = m[1];
        // `os.path`, `console.log`: code has lower-case dotted names too, but no TLD at the end.
        // A first label of one letter (`e.g`, `i.e`) is an abbreviation.
        if (/^[a-z]\./i.test(value) && value.split('.').length === 2) continue;
        // `Microsoft.NETCore.App`, `System.IO`: a code namespace ends in a capitalised name; a host
        // name's top-level domain is written in one case (`.com`, `.COM`).
        const tld = value.slice(value.lastIndexOf('.') + 1);
        if (tld !== tld.toLowerCase() && tld !== tld.toUpperCase()) continue;
        if (tld === tld.toUpperCase() && tld !== tld.toLowerCase() && /[a-z]/.test(value)) continue;
        out.push({ entity: 'DOMAIN_NAME', start: m.index, end: m.index + value.length, score: 0.8 });
      }
    },
  };
}
