/**
 * Undoes the usual obfuscations before any matching: leetspeak (`sh1t`, `@ss`), repeated
 * letters (`fuuuuck`), symbols or spaces inside a word (`f.u.c.k`, `f u c k`, `b*tch`), accents
 * and look-alike letters. Mentions, links and HTML entities are dropped first.
 */

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l', '€': 'e', '£': 'l' };
// Cyrillic and Greek letters that look like Latin ones.
const CONFUSABLE: Record<string, string> = { а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ο: 'o', α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', τ: 't', υ: 'u' };

/** Folds a text to the form matching and the model work on: lower case, plain letters, words split by single spaces. */
export function normalizeText(text: string): string {
  let s = text
    .replace(/&#?\w+;/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    // Mentions go; a short `@ss` is leetspeak, not a handle.
    .replace(/(?<![\w@])@\w{4,}/g, ' ')
    .replace(/\bRT\b/g, ' ');
  // Plain ASCII needs no Unicode decomposition or look-alike mapping.
  s = /^[\x00-\x7f]*$/.test(s)
    ? s.toLowerCase()
    : s
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[аеорсухіοαεικντυ]/g, (c) => CONFUSABLE[c] ?? c);
  // Leetspeak inside words only: `sh1t`, `b!tch`, `@ss`, not `2014` or a lone `!`.
  // Exclamation marks closing a word are punctuation (`everywhere!!`), not an `i`.
  s = s.replace(/[\p{L}0-9@$!|€£]+/gu, (w) => {
    const word = w.replace(/!+$/, '');
    return /\p{L}/u.test(word) && /[0-9@$!|€£]/.test(word) ? word.replace(/[0-9@$!|€£]/g, (c) => LEET[c] ?? c) : w;
  });
  // Symbols inside a word: `f.u.c.k`, `f*ck`, `b-i-t-c-h` -> letters joined (a `*` stays as a wildcard).
  s = s.replace(/\p{L}(?:[.\-_~^'"`+]+\p{L})+/gu, (w) => (/^(?:\p{L}[.\-_~^'"`+]+)+\p{L}$/u.test(w) && w.replace(/[^\p{L}]/gu, '').length <= 12 ? w.replace(/[^\p{L}]/gu, '') : w));
  // Spaced-out letters: `f u c k` -> `fuck`.
  s = s.replace(/\b(?:\p{L} ){2,}\p{L}\b/gu, (w) => w.replace(/ /g, ''));
  // Three or more of the same letter -> two (`fuuuck` -> `fuuck`); matching also tries one.
  s = s.replace(/(\p{L})\1{2,}/gu, '$1$1');
  return s.replace(/[^\p{L}\p{N}*\s]+/gu, ' ').replace(/\s+/g, ' ').trim();
}

/** Collapses every doubled letter too (`fuuck` -> `fuck`), for lexicon look-ups. */
export function collapseDoubles(normalized: string): string {
  return normalized.replace(/(\p{L})\1+/gu, '$1');
}
