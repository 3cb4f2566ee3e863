/**
 * LOCATION: countries, states and cities from the place list, and capitalised place names
 * after a location cue (`moved here from`, `based in`, `Where:`).
 */
import type { Recognizer, Span } from '../span.js';
import { FIRST, lexicon, kindsOf, WORD } from './lexicon.js';
import { joins, tokenize, type Token } from './tokens.js';

const STRONG_CUE =
  /(?:\bi'?m in|\bi am in|\bmoved (?:here )?(?:from|to)|\bgrew up in|\bbased in|\btravell?ing to|\bflew to|\breturned to|\boriginally from|\bcame from|\blives? in|\bliving in|\buniversity of|\bwhere:|\bhome city|\barrived at|\bserving (?:southern|northern|eastern|western|central)|\bvisit(?:ing|ed)?|\bcity of|\bborn in|\blocated in|\bheadquartered in|\btrip to|\bcoming to|\bmoving to|\bthis morning from|\bplace of birth:?|\bcity of birth:?)[ \t]*$/i;
const WEAK_CUE = /\b(?:in|to|near|around)[ \t]*$/i;
// The last letters (lower case) the cues above can end with: any other skips the cue patterns.
const STRONG_CUE_TAILS = charTable('nmof:ytlgdh');
const WEAK_CUE_TAILS = charTable('nord');
const CUE_REACH = 40;

function charTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return table;
}

/** The last character before `at`, within the cue reach and past spaces and tabs, in lower case if a letter; 0 if none. */
function cueTail(text: string, at: number): number {
  for (let i = at - 1; i >= Math.max(0, at - CUE_REACH); i--) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return c >= 65 && c <= 90 ? c + 32 : c;
  }
  return 0;
}
// Lower-case words allowed inside a place name (`Villafranca del Cid`, `Ostrov nad Ohrí`).
const CONNECTORS = new Set(['de', 'del', 'da', 'do', 'di', 'dos', 'das', 'nad', 'pod', 'la', 'le', 'les', 'am', 'an', 'der', 'upon', 'on', 'sur', 'en', 'y', 'i', 'u', 'mesto']);
const NOT_A_PLACE = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|english|french|german|spanish|python|java|the|a|an|mr|mrs|ms|miss|dr|prof|sir)$/;

// `Springfield (Illinois)`: a parenthesis right after a place belongs to it.
const PARENTHESIS_AFTER = /[ \t]*\([^)\n]{2,30}\)/y;

/** The folds of `count` tokens from `from`, space-separated: a place list key. */
function joinedFolds(tokens: Token[], from: number, count: number): string {
  let key = tokens[from].fold;
  for (let k = 1; k < count; k++) key += ' ' + tokens[from + k].fold;
  return key;
}

/** True when no token from `from` to `to` is a dictionary word, unless written in capitals. */
function unlistedWords(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if ((kindsOf(tokens[k]) & WORD) !== 0 && !tokens[k].upper) return false;
  return true;
}

/** Finds place names. */
export function locationRecognizer(): Recognizer {
  const lex = lexicon();
  const capital = (t: Token) => t.title || t.upper;
  return {
    entities: ['LOCATION'],
    find(text: string, out: Span[]) {
      const tokens = tokenize(text);
      let i = 0;
      while (i < tokens.length) {
        const t = tokens[i];
        if (!capital(t) || NOT_A_PLACE.test(t.fold)) {
          i++;
          continue;
        }
        // The capitalised run, with connectors inside it, on one line.
        let j = i + 1;
        while (
          j < tokens.length &&
          j - i < 5 &&
          joins(tokens[j].gap) &&
          (capital(tokens[j]) || (CONNECTORS.has(tokens[j].text) && tokens[j + 1] && capital(tokens[j + 1])) || /^\d{1,2}$/.test(tokens[j].text))
        )
          j++;
        const tail = cueTail(text, t.start);
        const before = STRONG_CUE_TAILS[tail] || WEAK_CUE_TAILS[tail] ? text.slice(Math.max(0, t.start - CUE_REACH), t.start) : '';
        // Longest prefix of the run (tokens i to j) that is a known place.
        let known = 0;
        for (let k = j - i; k > 0; k--) {
          if (lex.places.has(joinedFolds(tokens, i, k))) {
            known = k;
            break;
          }
        }
        let end = tokens[j - 1].end;
        PARENTHESIS_AFTER.lastIndex = end;
        const paren = PARENTHESIS_AFTER.exec(text);
        if (paren) end += paren[0].length;
        if (STRONG_CUE_TAILS[tail] && STRONG_CUE.test(before)) {
          out.push({ entity: 'LOCATION', start: t.start, end, score: 0.88 });
        } else if (known) {
          // A place that is also a given name (`Sofia`, `Georgia`) is weaker alone.
          const alsoName = known === 1 && (kindsOf(t) & FIRST) !== 0;
          out.push({ entity: 'LOCATION', start: t.start, end: tokens[i + known - 1].end, score: alsoName ? 0.5 : 0.8 });
        } else if (WEAK_CUE_TAILS[tail] && WEAK_CUE.test(before) && unlistedWords(tokens, i, j) && !(j - i <= 2 && (kindsOf(t) & FIRST) !== 0)) {
          out.push({ entity: 'LOCATION', start: t.start, end, score: 0.62 });
        }
        i = j;
      }
    },
  };
}
