/**
 * The matches of the IPv6 candidate pattern, found without trying it at every position. A match
 * starts at a colon, or at one to four hex digits followed by a colon (what the pattern's first,
 * optional group can take before its colon groups). So the pattern is tried, anchored, only at
 * those starts, found from the colons of the text; the matches are exactly those `matchAll`
 * finds, where trying every position of a text with hex letters cost some 13 ns a character.
 */

/** Hex groups with colons (at least two), optionally ending in a dotted quad; validated after. */
export const IPV6_CANDIDATE = /(?<![\w:.])(?:[0-9A-Fa-f]{1,4}|:)?(?::[0-9A-Fa-f]{0,4}){2,7}(?::(?:\d{1,3}\.){3}\d{1,3})?(?:%[\w]+)?(?![\w:])/g;
const AT = new RegExp(IPV6_CANDIDATE.source, 'y');

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/**
 * Whether `text` holds two colons with at most four hex digits between them (as
 * `/:[0-9A-Fa-f]{0,4}:/` finds), as every IPv6 candidate does: read from its colons (most texts
 * have few) instead of a pattern tried at every position.
 */
export function holdsTwoColons(text: string): boolean {
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    let i = colon + 1;
    while (i - colon <= 4 && isHex(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === 0x3a) return true;
  }
  return false;
}

/** The matches of IPV6_CANDIDATE in `text`, as `text.matchAll(IPV6_CANDIDATE)` gives them. */
export function ipv6Matches(text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  // Matches end here or before: a start below it is inside a match already found.
  let from = 0;
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    // The starts this colon allows, leftmost first: up to four hex digits before it, then itself.
    let first = colon;
    while (first > 0 && colon - first < 4 && isHex(text.charCodeAt(first - 1))) first--;
    for (let start = Math.max(first, from); start <= colon; start++) {
      AT.lastIndex = start;
      const match = AT.exec(text);
      if (!match) continue;
      matches.push(match);
      from = start + match[0].length;
      break;
    }
  }
  return matches;
}
