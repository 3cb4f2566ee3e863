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
  const ascii = /^[\x00-\x7f]*$/.test(s);
  s = ascii
    ? s.toLowerCase()
    : s
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[аеорсухіοαεικντυ]/g, (c) => CONFUSABLE[c] ?? c);
  return (ascii ? ASCII : UNICODE)(s);
}

/** The letter-level steps, compiled for one letter class: Unicode `\p{L}`, or `a-z` for ASCII text (faster). */
function letterSteps(letter: string, flags: string): (s: string) => string {
  // Only tokens holding a digit or symbol can change: matched from their start (linear time).
  const leetToken = new RegExp(`(?<![${letter}0-9@$!|€£])[${letter}]*[0-9@$!|€£][${letter}0-9@$!|€£]*`, flags);
  const hasLetter = new RegExp(`[${letter}]`, flags.replace('g', ''));
  const inWordSymbols = new RegExp(`[${letter}](?:[.\\-_~^'"\`+]+[${letter}])+`, flags);
  const onlyLettersAndSymbols = new RegExp(`^(?:[${letter}][.\\-_~^'"\`+]+)+[${letter}]$`, flags.replace('g', ''));
  const nonLetters = new RegExp(`[^${letter}]`, flags);
  const spaced = new RegExp(`\\b(?:[${letter}] ){2,}[${letter}]\\b`, flags);
  const repeated = new RegExp(`([${letter}])\\1{2,}`, flags);
  const junk = new RegExp(`[^${letter}0-9*\\s]+`, flags);
  return (input) => {
    let s = input;
    // Leetspeak inside words only: `sh1t`, `b!tch`, `@ss`, not `2014` or a lone `!`.
    // Exclamation marks closing a word are punctuation (`everywhere!!`), not an `i`.
    s = s.replace(leetToken, (w) => {
      const word = w.replace(/!+$/, '');
      return hasLetter.test(word) && /[0-9@$!|€£]/.test(word) ? word.replace(/[0-9@$!|€£]/g, (c) => LEET[c] ?? c) : w;
    });
    // Symbols inside a word: `f.u.c.k`, `b-i-t-c-h` -> letters joined (a `*` stays as a wildcard).
    s = s.replace(inWordSymbols, (w) => {
      const letters = w.replace(nonLetters, '');
      return onlyLettersAndSymbols.test(w) && letters.length <= 12 ? letters : w;
    });
    // Spaced-out letters: `f u c k` -> `fuck`.
    s = s.replace(spaced, (w) => w.replace(/ /g, ''));
    // Three or more of the same letter -> two (`fuuuck` -> `fuuck`); matching also tries one.
    s = s.replace(repeated, '$1$1');
    return s.replace(junk, ' ').replace(/\s+/g, ' ').trim();
  };
}

const ASCII = letterSteps('a-z', 'g');
const UNICODE = letterSteps('\\p{L}', 'gu');

/** Collapses every doubled letter too (`fuuck` -> `fuck`), for lexicon look-ups. */
export function collapseDoubles(normalized: string): string {
  return normalized.replace(/(\p{L})\1+/gu, '$1');
}
