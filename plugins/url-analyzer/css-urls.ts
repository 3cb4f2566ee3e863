/**
 * CSS `url(...)` values (fetched on render) found in time linear in the text. The value is a run
 * of characters other than quotes, `)` and spaces, and `(` is one of them: in `url(url(url(...`
 * every `url(` starts a run to the same end, and reading each again made the search quadratic.
 * Only the longest run can be followed by the closing `)` (a shorter one is followed by another
 * run character), so each run's end is found once, by a cursor moving forward.
 */

// The pattern whose matches this finder gives (global), and the same, sticky.
export const CSS_URL = /url\(\s*["']?([^"')\s]+)["']?\s*\)/gi;
const CSS_URL_AT = new RegExp(CSS_URL.source, 'yi');
const OPENING = /url\(/gi;
// What ends a run: a quote, `)` or `\s`.
const RUN_END = /["')\s]/g;

/**
 * Whether `text` holds `url(` in any case: found from its `(`s by a quick search (most texts
 * have few), where OPENING would try every position of a text that holds none.
 */
export function holdsUrlOpening(text: string): boolean {
  for (let at = text.indexOf('(', 3); at > 0; at = text.indexOf('(', at + 1)) {
    if ((text.charCodeAt(at - 3) | 0x20) === 0x75 && (text.charCodeAt(at - 2) | 0x20) === 0x72 && (text.charCodeAt(at - 1) | 0x20) === 0x6c) return true;
  }
  return false;
}

/** The matches of CSS_URL in `text`, in order, as `text.matchAll(CSS_URL)` gives them. */
export function* cssUrlMatches(text: string): Generator<RegExpExecArray> {
  if (!holdsUrlOpening(text)) return;
  // The end of the current run (it only moves forward), and whether `)` closes it (checked once
  // per run: every `url(` inside the run shares it).
  let runEnd = -1;
  let closed = false;
  OPENING.lastIndex = 0;
  while (OPENING.test(text)) {
    const start = OPENING.lastIndex - 4;
    // Spaces, then an optional quote: the run starts after them.
    const run = afterQuote(text, afterSpaces(text, OPENING.lastIndex));
    if (runEnd < run) {
      RUN_END.lastIndex = run;
      runEnd = RUN_END.test(text) ? RUN_END.lastIndex - 1 : text.length;
      closed = closes(text, runEnd);
    }
    if (runEnd === run || !closed) continue;
    CSS_URL_AT.lastIndex = start;
    const match = CSS_URL_AT.exec(text);
    if (!match) throw new Error('url_analyzer: a CSS url() expected to match did not');
    yield match;
    OPENING.lastIndex = match.index + match[0].length;
  }
}

/** Whether an optional quote, spaces and `)` follow `at`. */
function closes(text: string, at: number): boolean {
  return text.charCodeAt(afterSpaces(text, afterQuote(text, at))) === 41;
}

/** The position after the white space at `at`. */
function afterSpaces(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at])) at++;
  return at;
}

/** The position after a quote at `at`, if one is there. */
function afterQuote(text: string, at: number): number {
  const c = text.charCodeAt(at);
  return c === 34 || c === 39 ? at + 1 : at;
}
