/**
 * Markdown links and images (`[text](url)`, `![alt](url)`, `![alt][label]`) found in time
 * linear in the text. Their patterns read up to 1,000 characters from every `[` looking for the
 * `]`, so a text of many `[` and no `]` cost a thousand steps per character. Every `[` before
 * the same `]` (or line feed) ends at it, so that stop is found once, by a cursor moving
 * forward, and the whole pattern runs only at a `[` whose stop is a `]` in reach, once per stop.
 */

/** A markdown pattern `\[[^\]\n]{0,1000}\]...`, led by `!` (an image) or by no `!` (a link). */
export interface BracketPattern {
  /** Global: the matches this finder gives. */
  whole: RegExp;
  /** The same, sticky. */
  at: RegExp;
  /** Whether a match begins with `!` before the `[`. */
  image: boolean;
}

// The longest text between the brackets, as in the patterns.
const REACH = 1000;

/** The pattern of `source` (global); it must be `(?<!!)\[` or `!\[`, then `[^\]\n]{0,1000}\]`. */
export function bracketPattern(source: string): BracketPattern {
  const image = source.startsWith('!\\[');
  if (!source.startsWith(`${image ? '!' : '(?<!!)'}\\[[^\\]\\n]{0,${REACH}}\\]`)) throw new Error(`url_analyzer: not a bracket pattern: ${source}`);
  return { whole: new RegExp(source, 'g'), at: new RegExp(source, 'y'), image };
}

const STOP = /[\]\n]/g;

/** The matches of `pattern.whole` in `text`, in order, as `text.matchAll(pattern.whole)` gives them. */
export function* bracketMatches(text: string, pattern: BracketPattern): Generator<RegExpExecArray> {
  // The first `]` or line feed after the current `[` (it only moves forward), and a stop after
  // which the rest of the pattern is known not to match.
  let stop = -1;
  let failedStop = -1;
  let from = 0;
  for (let open = text.indexOf('['); open >= 0; open = text.indexOf('[', open + 1)) {
    const start = pattern.image ? open - 1 : open;
    if (start < from || (text.charCodeAt(open - 1) === 33) !== pattern.image) continue;
    if (stop <= open) {
      STOP.lastIndex = open + 1;
      if (!STOP.test(text)) return;
      stop = STOP.lastIndex - 1;
    }
    if (text.charCodeAt(stop) !== 93 || stop - open - 1 > REACH || stop === failedStop) continue;
    pattern.at.lastIndex = start;
    const match = pattern.at.exec(text);
    if (!match) {
      // Every `[` before this stop meets the same rest of the pattern after it.
      failedStop = stop;
      continue;
    }
    yield match;
    from = match.index + match[0].length;
  }
}
