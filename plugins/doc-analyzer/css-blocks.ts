/**
 * The blocks of a style sheet, read in time linear in its length: `@media` wrappers taken off
 * (`@media print { .a { ... } }` -> `.a { ... }`) and `selectors { declarations }` rules. As
 * regular expressions searched over the text, both read from every position up to a brace, so
 * a sheet of many `@media` or a long run before a `}` (an attachment's <style>, up to the size
 * limit) took time growing with the square of its length. Both follow the braces instead.
 */

const MEDIA = '@media';
/** `}`, then spaces, then `}`: the end of a `@media` block, searched with a cursor. */
const MEDIA_END = /\}\s*\}/g;

/**
 * `css` with each `@media ... { body }` replaced by its body, as
 * `css.replace(/@media[^{]*\{([\s\S]*?\})\s*\}/g, '$1')` does: the body runs from the first `{`
 * after `@media` to the first `}` followed by spaces and another `}`.
 */
export function withoutMediaWrappers(css: string): string {
  let out = '';
  let copied = 0;
  // The first `}\s*}` at or after the last open brace asked about (Infinity: none).
  let endAt = -1;
  let endLength = 0;
  for (let start = css.indexOf(MEDIA); start >= 0; ) {
    const open = css.indexOf('{', start + MEDIA.length);
    if (open < 0) break;
    if (endAt !== Infinity && endAt <= open) {
      MEDIA_END.lastIndex = open + 1;
      const end = MEDIA_END.exec(css);
      endAt = end ? end.index : Infinity;
      endLength = end ? end[0].length : 0;
    }
    // No end after this brace: no `@media` before it has one either.
    if (endAt === Infinity) break;
    out += css.slice(copied, start) + css.slice(open + 1, endAt + 1);
    copied = endAt + endLength;
    start = css.indexOf(MEDIA, copied);
  }
  return copied === 0 ? css : out + css.slice(copied);
}

/**
 * The `[selectors, declarations]` of each rule, as the matches of
 * `/([^{}]+)\{([^{}]*)\}/g` give them: a run without braces, `{`, a run without braces, `}`.
 */
export function* ruleBlocks(css: string): Generator<[string, string]> {
  let from = 0;
  for (;;) {
    const open = nextBrace(css, from);
    if (open < 0) return;
    if (css.charCodeAt(open) === 123 && open > from) {
      const close = nextBrace(css, open + 1);
      if (close < 0) return;
      if (css.charCodeAt(close) === 125) {
        yield [css.slice(from, open), css.slice(open + 1, close)];
        from = close + 1;
        continue;
      }
    }
    // No rule starts before this brace (the run after it is tried next).
    from = open + 1;
  }
}

/** The first `{` or `}` at or after `from`, or -1. */
function nextBrace(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    const c = css.charCodeAt(i);
    if (c === 123 || c === 125) return i;
  }
  return -1;
}
