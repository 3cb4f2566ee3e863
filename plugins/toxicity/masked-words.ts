/**
 * Words of normalized text written with `*` for some letters (`f*ck`, `**bold**` markup), found
 * so that only they are read again (index.ts matches them against the lexicon).
 */

/**
 * `normalized` with each word holding a `*` (a run between single spaces) replaced by
 * `replace(word)`: the words are found from each `*` outward, so the text between them is only
 * copied, and a word is read once however many `*` it holds.
 */
export function replaceMaskedWords(normalized: string, replace: (word: string) => string): string {
  let out = '';
  let copied = 0;
  for (let star = normalized.indexOf('*'); star >= 0; ) {
    const start = normalized.lastIndexOf(' ', star) + 1;
    let end = normalized.indexOf(' ', star);
    if (end < 0) end = normalized.length;
    out += normalized.slice(copied, start) + replace(normalized.slice(start, end));
    copied = end;
    star = normalized.indexOf('*', end);
  }
  return copied === 0 ? normalized : out + normalized.slice(copied);
}
