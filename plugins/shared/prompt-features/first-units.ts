/**
 * The code units a match of a pattern source can begin with, read from the source's structure,
 * so a pattern is not tried where the text cannot begin one. Only a small grammar is read
 * (literal characters, escaped punctuation, plain character lists, groups, optional parts); for
 * anything else the answer is null: unknown, try everywhere.
 */

/** Code units every match of `source` (a `u`-flag source, no `i` flag) begins with, or null when not known or when a match may be empty. */
export function firstUnits(source: string): Set<number> | null {
  return alternativesFirst(source, 0);
}

// Nesting is bounded by the hand-written sources; a deeper group is simply not read.
const MAX_DEPTH = 16;

/** First units of the alternatives of `body` (a group's inside), or null. */
function alternativesFirst(body: string, depth: number): Set<number> | null {
  if (depth > MAX_DEPTH) return null;
  const out = new Set<number>();
  let start = 0;
  for (let i = 0; i <= body.length; ) {
    if (i === body.length || body[i] === '|') {
      const first = sequenceFirst(body.slice(start, i), 0, depth + 1);
      if (first === null) return null;
      for (const unit of first) out.add(unit);
      start = ++i;
      continue;
    }
    const end = itemEnd(body, i);
    if (end < 0) return null;
    i = end;
  }
  return out;
}

/** First units of the sequence `source` from `i`: of its first item, and of the next while items are optional. */
function sequenceFirst(source: string, i: number, depth: number): Set<number> | null {
  const out = new Set<number>();
  while (i < source.length) {
    if (source[i] === '|') return null;
    const end = itemEnd(source, i);
    if (end < 0) return null;
    const first = itemFirst(source.slice(i, end), depth);
    if (first === null) return null;
    for (const unit of first) out.add(unit);
    const optional = /^(?:\?|\*|\{0[,}])/.test(source.slice(end));
    if (!optional) return out;
    // Past the quantifier (and a lazy `?` after it), the next item may begin the match.
    const quantifier = /^(?:\?|\*|\{\d+(?:,\d*)?\})\??/.exec(source.slice(end))!;
    i = end + quantifier[0].length;
  }
  // Every item is optional: a match may be empty.
  return null;
}

/** First units of one item, or null. */
function itemFirst(item: string, depth: number): Set<number> | null {
  const c = item.charCodeAt(0);
  if (item[0] === '\\') {
    // An escaped character other than a letter or digit stands for itself.
    return item.length === 2 && !/[\p{L}\p{N}]/u.test(item[1]) ? new Set([item.charCodeAt(1)]) : null;
  }
  if (item[0] === '[') {
    if (item[1] === '^') return null;
    const out = new Set<number>();
    for (let k = 1; k < item.length - 1; k++) {
      let unit = item.charCodeAt(k);
      if (item[k] === '\\') {
        if (/[\p{L}\p{N}]/u.test(item[k + 1])) return null;
        unit = item.charCodeAt(++k);
      } else if (item[k] === '-' && k > 1 && k < item.length - 2) return null;
      if (isSurrogate(unit)) return null;
      out.add(unit);
    }
    return out;
  }
  if (item[0] === '(') {
    if (!item.startsWith('(?:')) return null;
    return alternativesFirst(item.slice(3, -1), depth);
  }
  if ('.^$'.includes(item[0]) || isSurrogate(c)) return null;
  return new Set([c]);
}

const isSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdfff;

/** Where the item starting at `i` ends (a character, an escape, a class or a group), or -1 when it does not close. */
function itemEnd(source: string, i: number): number {
  const c = source[i];
  if (c === '\\') {
    const next = source[i + 1];
    if ((next === 'p' || next === 'P' || next === 'k' || next === 'u') && source[i + 2] === '{') return source.indexOf('}', i) + 1 || -1;
    if (next === 'u') return i + 6;
    if (next === 'x') return i + 4;
    if (next === 'c') return i + 3;
    return i + 2;
  }
  if (c === '[') {
    for (let k = i + 1; k < source.length; k++) {
      if (source[k] === '\\') k++;
      else if (source[k] === ']') return k + 1;
    }
    return -1;
  }
  if (c === '(') {
    let level = 0;
    for (let k = i; k < source.length; k++) {
      const d = source[k];
      if (d === '\\') k++;
      else if (d === '[') {
        const end = itemEnd(source, k);
        if (end < 0) return -1;
        k = end - 1;
      } else if (d === '(') level++;
      else if (d === ')' && --level === 0) return k + 1;
    }
    return -1;
  }
  return i + 1;
}
