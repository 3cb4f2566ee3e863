/**
 * DOMAIN_NAME: registrable domain names (`bluestone.com`, `login.ironmaple.org`,
 * `quietorbit.co.uk`), bare or inside a URL. Top-level domains that are also common file
 * extensions (`.py`, `.md`, `.rs`, `.sh`, `.pl`) are left out: `main.py` is a file.
 */
import type { Recognizer, Span } from '../span.js';

const TLD =
  'com|org|net|edu|gov|mil|int|info|biz|io|co|ai|app|dev|me|tv|xyz|online|site|tech|cloud|shop|store|blog|news|us|uk|ca|au|nz|ie|de|fr|nl|be|es|it|pt|ch|at|se|no|dk|fi|pl|cz|ru|ua|jp|cn|kr|in|br|mx|ar|za|eu|co\\.uk|org\\.uk|ac\\.uk|gov\\.uk|com\\.au|co\\.jp|com\\.br|co\\.in';
// A top-level domain closing a word: where a domain may end. Found first, so the labels before
// it are read only there and not at every dot of the text.
const TLD_AT = new RegExp(`\\.(?:${TLD})(?![\\w-]|\\.[a-z0-9])`, 'gi');
// Labels of letters, digits and hyphens closing the text before the TLD; the last holds a letter.
const LABELS_BEFORE = /(?<![\w.@-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){0,4}[a-z0-9-]*[a-z][a-z0-9-]*$/i;

/** Finds domain names; an e-mail's domain is left to the e-mail (the `@` before it). */
export function domainNameRecognizer(): Recognizer {
  return {
    entities: ['DOMAIN_NAME'],
    find(text: string, out: Span[]) {
      if (!text.includes('.')) return;
      for (const m of text.matchAll(TLD_AT)) {
        const windowStart = Math.max(0, m.index - 160);
        const labels = LABELS_BEFORE.exec(text.slice(windowStart, m.index));
        if (!labels || (labels.index === 0 && windowStart > 0)) continue;
        const start = windowStart + labels.index;
        const value = text.slice(start, m.index + m[0].length);
        // `os.path`, `console.log`: code has lower-case dotted names too, but no TLD at the end.
        // A first label of one letter (`e.g`, `i.e`) is an abbreviation.
        if (/^[a-z]\./i.test(value) && value.split('.').length === 2) continue;
        // `Microsoft.NETCore.App`, `System.IO`: a code namespace ends in a capitalised name; a host
        // name's top-level domain is written in one case (`.com`, `.COM`).
        const tld = value.slice(value.lastIndexOf('.') + 1);
        if (tld !== tld.toLowerCase() && tld !== tld.toUpperCase()) continue;
        if (tld === tld.toUpperCase() && tld !== tld.toLowerCase() && /[a-z]/.test(value)) continue;
        out.push({ entity: 'DOMAIN_NAME', start, end: start + value.length, score: 0.8 });
      }
    },
  };
}
