/**
 * Bare host names in prose (`example.com/path`), trusted only with TLDs that are not also common
 * file extensions (README.md, setup.py, main.rs and script.sh are not links).
 *
 * The pattern is not tried at every position. A match holds a `.tld` followed by no word
 * character, and can only start where a run of letters, digits, dots and hyphens begins (its
 * look-behind refuses any of those before it). So the next `.tld` is found from the dots of the
 * text, and the pattern is tried once, anchored at the start of the run that holds it; the
 * matches are exactly those `matchAll` finds.
 */

const BARE_TLDS = 'com|net|org|io|co|ai|app|dev|xyz|info|biz|ru|cn|uk|de|fr|ly|me|tk|top|gq|ml|cf|ga|us|ca|au|jp|eu|nl|br|online|site|club|shop|link|click|live|icu|vip|cloud|tech|store|page|gl|gg|to|su|ws';
/** The pattern itself, tried from every position by `matchAll`. */
export const BARE_HOST = new RegExp(`(?<![\\w.@/:-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:${BARE_TLDS})(?![\\w-])(?:[/?#][^\\s<>"'\`]*)?`, 'gi');
const HOST_AT = new RegExp(BARE_HOST.source, 'iy');
const TLDS = new Set(BARE_TLDS.split('|'));
const LONGEST_TLD = Math.max(...[...TLDS].map((tld) => tld.length));

/** Whether a code unit is one of `\w` (ASCII letters, digits, `_`). */
function isWordUnit(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}

/**
 * The first dot at or after `from` that `\.(?:<tld>)(?![\w-])` matches at (case aside), or -1.
 * A TLD is all letters and no `\w` may follow it, so it is the whole run of `\w` after the dot:
 * each dot costs a read of that run, where the pattern tried every position.
 */
function nextTldDot(text: string, from: number): number {
  for (let dot = text.indexOf('.', from); dot >= 0; dot = text.indexOf('.', dot + 1)) {
    let end = dot + 1;
    while (end < text.length && end - dot <= LONGEST_TLD + 1 && isWordUnit(text.charCodeAt(end))) end++;
    const length = end - dot - 1;
    if (length < 2 || length > LONGEST_TLD || text.charCodeAt(end) === 0x2d) continue;
    if (TLDS.has(text.slice(dot + 1, end).toLowerCase())) return dot;
  }
  return -1;
}

// Letters, digits, `.` and `-`: what host labels and the dots between them are made of.
function isHostChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x2d;
}

/** The matches of the bare-host pattern in `text`, as `text.matchAll` returns them. */
export function bareHostMatches(text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  let from = 0;
  for (;;) {
    const anchor = nextTldDot(text, from);
    if (anchor < 0) break;
    let start = anchor;
    while (start > from && isHostChar(text.charCodeAt(start - 1))) start--;
    HOST_AT.lastIndex = start;
    const match = HOST_AT.exec(text);
    if (match) {
      matches.push(match);
      from = match.index + match[0].length;
    } else {
      // Every later position in this run has a host character before it: none can start a match.
      from = anchor + 1;
    }
  }
  return matches;
}
