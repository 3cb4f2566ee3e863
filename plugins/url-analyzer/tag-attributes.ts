/**
 * URLs in HTML tag attributes (`<img ... src=...>`, `<a ... href=...>`) found in time linear in
 * the text. The pattern `<tag\b[^>]*?\sattribute\s*=\s*value`, searched as a whole, tries every
 * tag start and reads from it up to the next `>`: a text of many tag starts and no `>` (`<a <a
 * <a ...`) made that quadratic, seconds for a few hundred kilobytes. Every tag start up to a `>`
 * has the same attributes ahead of it, so the first attribute at or after each tag's name is
 * found once, by a cursor moving forward, and the whole pattern runs only where it will match.
 */

/** One tag family: its tag names and the attributes holding a URL. */
export interface TagAttributePattern {
  /** `<tag\b[^>]*?\sattribute...`, global: the matches this finder gives. */
  whole: RegExp;
  /** The same, sticky: run where a match is known to start. */
  at: RegExp;
  /** `<tag\b`, sticky. */
  tag: RegExp;
  /** `\sattribute\s*=\s*value`, sticky. */
  attribute: RegExp;
}

/** The pattern for `names` (tag names) and `attributes`, as alternations; case is ignored. */
export function tagAttributePattern(names: string, attributes: string): TagAttributePattern {
  const tag = `<(?:${names})\\b`;
  const attribute = `\\s(?:${attributes})\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`;
  return {
    whole: new RegExp(`${tag}[^>]*?${attribute}`, 'gi'),
    at: new RegExp(`${tag}[^>]*?${attribute}`, 'yi'),
    tag: new RegExp(tag, 'yi'),
    attribute: new RegExp(attribute, 'yi'),
  };
}

// Where an attribute can start: `\s`, as the pattern reads it.
const SPACE = /\s/g;

/** The matches of `pattern.whole` in `text`, in order, as `text.matchAll(pattern.whole)` gives them. */
export function* tagAttributeMatches(text: string, pattern: TagAttributePattern): Generator<RegExpExecArray> {
  const { at, tag, attribute } = pattern;
  // The first `>` at or after the current tag's name (-1: none), and the first position at or
  // after it where an attribute matches (Infinity: none to the end). Tag names only move
  // forward, so both only move forward.
  let nextClose = text.indexOf('>');
  let attributeAt = -1;
  for (let start = text.indexOf('<'); start >= 0; start = text.indexOf('<', start + 1)) {
    tag.lastIndex = start;
    if (!tag.test(text)) continue;
    const nameEnd = tag.lastIndex;
    if (nextClose >= 0 && nextClose < nameEnd) nextClose = text.indexOf('>', nameEnd);
    if (attributeAt < nameEnd) attributeAt = firstAttribute(text, attribute, nameEnd);
    // `[^>]*?` reaches the attribute only when no `>` comes first.
    if (attributeAt === Infinity || (nextClose >= 0 && nextClose < attributeAt)) continue;
    at.lastIndex = start;
    const match = at.exec(text);
    if (!match) throw new Error('url_analyzer: a tag attribute expected to match did not');
    yield match;
    // As a global search, go on after the match.
    start = match.index + match[0].length - 1;
  }
}

/** The first position at or after `from` where `attribute` matches, or Infinity. */
function firstAttribute(text: string, attribute: RegExp, from: number): number {
  SPACE.lastIndex = from;
  while (SPACE.test(text)) {
    attribute.lastIndex = SPACE.lastIndex - 1;
    if (attribute.test(text)) return SPACE.lastIndex - 1;
  }
  return Infinity;
}
