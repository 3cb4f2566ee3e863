/**
 * PERSON: names found from given-name and surname lists, name shapes (`Anna K. Berg`), cues
 * that introduce a person (`my name is`, `Mr.`, `Dear`) and dialogue speakers (`Nicole: ...`).
 */
import type { Recognizer, Span } from '../span.js';
import { FIRST, LAST, lexicon, kindsOf, PLACE, WORD } from './lexicon.js';
import { COMPANY_AFTER } from './company-suffix.js';
import { inBlobOrCode } from './name-context.js';
import { NRP_WORDS } from './nrp-words.js';
import { joins, tokenize, type Token } from './tokens.js';

// Cues after which the next capitalised words are a person's name.
const STRONG_CUE =
  /(?:\bmy name is|\bname(?: is)?\??:?|\bnamed(?: him| her)?|\bcalls? me|\bspeak (?:to|with)|\bsaid|\bsays|\btold|\bearly|\bex-\w+|\bstarring|\bfeaturing|\b(?:directed|written|performed|sung|produced|painted) by|\bchange it to|\bfounders?:|\bmy (?:kid|son|daughter|wife|husband|friend|boss|brother|sister|mother|father)|\bi am|\bi'm|\bmr\.?|\bmrs\.?|\bms\.?|\bmx\.?|\bmiss|\bdr\.?|\bprof\.?|\bdear|\bhi|\bhello|\bsigned|\bsincerely,?|\bregards,?|\bfollow up with|\bask for|\bunder|\bpatient:?|\bcustomer:?|\bcontact:?|\bsigned by|\battn:?|\battention:?)\s*$/i;
// The explicit ones: after them even a dictionary word is a name (`She named him Frank`).
const NAME_CUE = /(?:\bmy name is|\bname(?: is)?\??:?|\bnamed(?: him| her)?|\bcalls? me|\bsigned by)\s*$/i;
// Words after a name that say a person is meant: `Walker began writing`, `Timotea lives on`.
const PERSON_VERB =
  /^\s*(?:lives|lived|listed|began|shouted|said|says|wrote|told|asked|replied|answered|smiled|laughed|is very|is so|was born|has been|had been|went|thinks|thought)\b|^,\s+(?:can|could|would|will) (?:i|you)\b/i;
// Leading words that introduce a name and are not part of it.
const HONORIFIC = new Set(['mr', 'mrs', 'ms', 'mx', 'miss', 'dr', 'prof', 'sir', 'madam', 'dear', 'hi', 'hello', 'hey', 'mr.', 'mrs.', 'ms.', 'dr.', 'prof.']);
// Field labels and calendar words that look like a capitalised name.
const NOT_A_NAME = new Set(['i', "i'm", 'he', 'she', 'you', 'we', 'they', 'it', 'me', 'my', 'the', 'this', 'that', 'email', 'e-mail', 'phone', 'fax', 'mobile', 'date', 'name', 'address', 'website', 'note', 'subject', 'tel', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);
// Characters and keywords code has and most prose has not: without one, no keyword test runs.
const CODE_MARK = /[{};=<>]|\b(?:new|class|import|export|extends|implements|readonly|interface|struct|enum|trait|impl|typeof|instanceof|fn|func|const|var)\b/;

// Before a street word a name is a street's (`King Forges`, `Glyn Street`).
const STREET_AFTER =
  /^[ \t]+(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Court|Ct|Close|Crescent|Place|Pl|Boulevard|Blvd|Way|Terrace|Square|Sq|Highway|Parkway|Circle|Trail|Row|Mews|Grove|Gardens|Parade|Loop|Forges?|Alley|Walk|Bridge|Station|Strasse|Straße|Gasse|Weg|Allee|Platz)\b\.?/;

// A name ending in one of these is a street's own name (`Glyn Street`); surnames like `Lane` are left out.
const STREET_TAIL = /[ \t](?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Highway|Parkway|Terrace|Crescent|Drive|Square|Strasse|Straße|Gasse|Allee|Platz|Forges?)$/;

// Surname endings common across European languages, for names no list holds.
const SURNAME_SHAPE =
  /(?:ová|ova|ski|ska|sky|ský|cki|cka|wicz|vić|vic|vich|ovich|enko|ev|ov|yan|dze|shvili|sson|sen|dóttir|dottir|datter|nen|inen|escu|ini|elli|etti|oulos|akis|idis|ez|ek|ák|ár|ős|ssy|szy|ely)$/i;

// The gap between two names of a list: `, `, ` and `, `, or `.
const LIST_GAP = /^(?:,\s?|\s(?:and|or|&)\s|,\s(?:and|or)\s)$/;
/** `and` or `or` after a comma or a space: the link between the last two names of a list. */
const isConjunction = (c: Token | undefined) => !!c && (c.fold === 'and' || c.fold === 'or') && /^,?\s$/.test(c.gap);

/** Finds person names. */
export function personNameRecognizer(): Recognizer {
  const lex = lexicon();
  const isWord = (t: Token) => (kindsOf(t) & WORD) !== 0;
  const isFirst = (t: Token) => (kindsOf(t) & FIRST) !== 0;
  const isLast = (t: Token) => (kindsOf(t) & LAST) !== 0;
  const isPlace = (t: Token) => (kindsOf(t) & PLACE) !== 0;
  // A capitalised word that is no dictionary word, no place: the usual shape of a surname.
  const surnameLike = (t: Token) => t.title && !isPlace(t) && (!isWord(t) || isLast(t) && !lex.words.has(t.fold.toLowerCase()));
  // The text `excluded` reads, set by each `find` (the tokens hold offsets only).
  let tokenText = '';
  // Whether the text has a code mark (CODE_MARK): the code keywords before a word are only looked for then.
  let codeLikeText = false;
  const excluded = (t: Token) => inBlobOrCode(tokenText, t.start, t.end, codeLikeText) || NOT_A_NAME.has(t.fold) || NRP_WORDS.has(t.fold);
  const unknown = (t: Token) => t.title && !isWord(t) && !isPlace(t) && !isFirst(t) && !isLast(t);

  return {
    entities: ['PERSON'],
    find(text: string, out: Span[]) {
      const tokens = tokenize(text);
      tokenText = text;
      codeLikeText = CODE_MARK.test(text);
      const push = (a: Token, b: Token, score: number) => out.push({ entity: 'PERSON', start: a.start, end: b.end, score });
      // A capital A-Z settles it without lower-casing a copy of the whole text.
      const lowerText = !/[A-Z]/.test(text) && text === text.toLowerCase();
      const firstFound = out.length;
      // Whether a token's fold may begin with `a`: a word beginning with another ASCII character cannot.
      const mayFoldToA = (t: Token) => {
        const c = text.charCodeAt(t.start);
        return c === 97 || c === 65 || c >= 128;
      };
      let i = 0;
      while (i < tokens.length) {
        // A chain: capitalised words and initials joined by single spaces.
        const t = tokens[i];
        if (!(t.title || t.initial) || excluded(t)) {
          if (lowerText) i = lowerCaseName(i);
          else i++;
          continue;
        }
        let j = i + 1;
        while (j < tokens.length && (tokens[j].title || tokens[j].initial) && !excluded(tokens[j]) && joins(tokens[j].gap)) j++;
        let chain = tokens.slice(i, j);
        let cued = false;
        while (chain.length > 1 && HONORIFIC.has(chain[0].fold)) {
          chain = chain.slice(1);
          cued = true;
        }
        if (!HONORIFIC.has(chain[0].fold)) scanChain(chain, cued);
        i = j;
      }
      pairs();
      dropCompanies();
      if (out.length > firstFound) coordinated();

      // Company names built from surnames: `Drake PLC`, `Weber-Santana` (two surnames joined by a hyphen).
      function dropCompanies(): void {
        for (let k = out.length - 1; k >= firstFound; k--) {
          const s = out[k];
          const value = text.slice(s.start, s.end);
          const parts = value.split('-');
          const hyphenated = parts.length === 2 && !value.includes(' ') && parts.every((p) => lex.last.has(p.toLowerCase())) && s.score < 0.85;
          const after = text.slice(s.end, s.end + 20);
          if (hyphenated || COMPANY_AFTER.test(after) || STREET_AFTER.test(after) || STREET_TAIL.test(value)) out.splice(k, 1);
        }
      }

      // `Usamov and Bowers were ...`: two capitalised names joined by `and` before a plural verb.
      // Plain functions, not closures in the loop below: a closure there that captured the loop's
      // tokens would give every iteration a context object to allocate.
      function nameLike(t: Token): boolean {
        return isFirst(t) || isLast(t) || unknown(t);
      }
      function insideFound(t: Token): boolean {
        for (let k = firstFound; k < out.length; k++) if (out[k].start <= t.start && t.end <= out[k].end) return true;
        return false;
      }

      function pairs(): void {
        for (let k = 0; k + 2 < tokens.length; k++) {
          const a = tokens[k];
          const b = tokens[k + 2];
          // The shapes first: they are known without cutting a word out of the text.
          if (!a.title || !b.title || !mayFoldToA(tokens[k + 1]) || tokens[k + 1].fold !== 'and' || excluded(a) || excluded(b) || isPlace(a) || isPlace(b)) continue;
          if (!/^\s+(?:were|are|have|had)\b/.test(text.slice(b.end, b.end + 8))) continue;
          if (!nameLike(a) || !nameLike(b) || insideFound(a)) continue;
          out.push({ entity: 'PERSON', start: a.start, end: a.end, score: 0.75 }, { entity: 'PERSON', start: b.start, end: b.end, score: 0.75 });
        }
      }

      // `Monjeau, Graves and Reed`: a listed name next to a found one is a name too.
      function coordinated(): void {
        const found = out.slice(firstFound);
        const starts = new Set(found.map((s) => s.start));
        const ends = new Set(found.map((s) => s.end));
        // Starts of the tokens inside a found name, in one pass over spans and tokens sorted by position.
        const covered = new Set<number>();
        const sorted = [...found].sort((a, b) => a.start - b.start);
        let ti = 0;
        for (const span of sorted) {
          while (ti < tokens.length && tokens[ti].start < span.start) ti++;
          for (let tj = ti; tj < tokens.length && tokens[tj].end <= span.end; tj++) covered.add(tokens[tj].start);
        }
        for (let pass = 0; pass < 2; pass++) {
          for (let k = 0; k < tokens.length; k++) {
            const t = tokens[k];
            // The checks are pure, so the cheap ones go first: most tokens are no name or not
            // next to one, and never reach the look at the words after them.
            if (!t.title || starts.has(t.start) || excluded(t) || isPlace(t)) continue;
            if (!(isFirst(t) || isLast(t) || unknown(t))) continue;
            // `A, B`: linked through the gap; `A and B`: through the conjunction token between them.
            const prev = isConjunction(tokens[k - 1]) && t.gap === ' ' ? tokens[k - 2] : tokens[k - 1];
            const next = isConjunction(tokens[k + 1]) && tokens[k + 2]?.gap === ' ' ? tokens[k + 2] : tokens[k + 1];
            const linkedBefore = prev && ends.has(prev.end) && (prev !== tokens[k - 1] || LIST_GAP.test(t.gap));
            const linkedAfter = next && starts.has(next.start) && (next !== tokens[k + 1] || LIST_GAP.test(next.gap));
            if (!linkedBefore && !linkedAfter) continue;
            if (covered.has(t.start)) continue;
            const after = text.slice(t.end, t.end + 20);
            if (COMPANY_AFTER.test(after) || STREET_AFTER.test(after)) continue;
            const span: Span = { entity: 'PERSON', start: t.start, end: t.end, score: 0.7 };
            out.push(span);
            covered.add(t.start);
            starts.add(t.start);
            ends.add(t.end);
          }
        }
      }

      // `patricia desrosiers`, `emidio p lombardo`: names in an all lower-case text.
      function lowerCaseName(k: number): number {
        const a = tokens[k];
        // Numbers and short words are no names; skip them before any look-up or cue test.
        if (a.fold.length < 2 || a.fold.charCodeAt(0) < 65) return k + 1;
        const b = tokens[k + 1];
        const c = tokens[k + 2];
        if (!b || !joins(b.gap) || excluded(a)) {
          if (isFirst(a) && !isWord(a) && !isPlace(a) && lowerCued(a)) push(a, a, 0.75);
          return k + 1;
        }
        // In lower case every word looks alike: no dictionary words (`to`, `is`, `can`), no places.
        const plain = (t: Token) => !isWord(t) && !isPlace(t);
        const cued = lowerCued(a) && plain(a);
        const initial = /^[b-hj-z]\.?$/.test(b.fold) || /^[a-z]\.$/.test(b.text);
        if (((isFirst(a) && plain(a)) || cued) && initial && c && joins(c.gap) && plain(c)) {
          push(a, c, 0.85);
          return k + 3;
        }
        if (((isFirst(a) && plain(a)) || cued) && (isLast(b) || cued) && plain(b) && !lex.places.has(`${a.fold} ${b.fold}`)) {
          push(a, b, 0.75);
          return k + 2;
        }
        if (isFirst(a) && cued) push(a, a, 0.75);
        return k + 1;
      }

      function lowerCued(a: Token): boolean {
        const before = text.slice(Math.max(0, a.start - 24), a.start);
        if (STRONG_CUE.test(before)) return true;
        // A dialogue speaker at the start of a line.
        return text.charAt(a.end) === ':' && /(?:^|\n)\s*$/.test(text.slice(0, a.start)) && isFirst(a);
      }

      function scanChain(chain: Token[], cued: boolean): void {
        const head = chain[0];
        const before = text.slice(Math.max(0, head.start - 24), head.start);
        const tail = chain[chain.length - 1];
        const afterChain = text.charAt(tail.end);
        // After a strong cue, up to three capitalised non-words are the name; so before a
        // person verb (`Walker began writing`).
        const explicit = cued || NAME_CUE.test(before);
        const verbAfter = chain.length <= 3 && PERSON_VERB.test(text.slice(tail.end, tail.end + 24));
        if (explicit || verbAfter || STRONG_CUE.test(before)) {
          let k = 0;
          // A dictionary word (`So`, `Rose`) counts after an explicit cue (`Mr.`, `named`), as a
          // listed name before a person verb (`Walker began`), or when a non-word name follows it.
          const listed = (t: Token) => isFirst(t) || isLast(t);
          const nameWord = (j: number) =>
            !isWord(chain[j]) || (listed(chain[j]) && (explicit || verbAfter || (j + 1 < chain.length && !isWord(chain[j + 1]))));
          while (k < chain.length && k < 3 && ((chain[k].initial && k > 0) || nameWord(k))) k++;
          if (k > 0 && !chain.slice(0, k).every(isPlace)) {
            push(head, chain[k - 1], 0.85);
            if (k === chain.length) return;
            chain = chain.slice(k);
          }
        }
        // A dialogue speaker: `Nicole: Remember me?` at the start of a line.
        if (chain.length <= 2 && afterChain === ':' && /^:\s?["“]?\p{L}/u.test(text.slice(tail.end, tail.end + 4)) && /(?:^|\n)\s*$/.test(text.slice(0, head.start)) && chain.every((t) => !isWord(t) && !isPlace(t))) {
          push(head, chain[chain.length - 1], 0.8);
          return;
        }
        let k = 0;
        while (k < chain.length) {
          const t = chain[k];
          const next = chain[k + 1];
          const afterInitial = next?.initial ? chain[k + 2] : undefined;
          // Given name (or unknown word), middle initial, surname: `Ravil G Yefimov`.
          if (!t.initial && afterInitial && afterInitial.title && (isFirst(t) || !isWord(t)) && surnameLike(afterInitial)) {
            push(t, afterInitial, 0.9);
            k += 3;
            continue;
          }
          if (!t.initial && next && next.title) {
            const firstName = isFirst(t) && !isPlace(t);
            const plainFirst = firstName && !isWord(t);
            const nextSurname = (isLast(next) || !isWord(next)) && !isPlace(next);
            const unknownPair = unknown(t) && !isWord(next) && !isPlace(next) && (SURNAME_SHAPE.test(next.fold) || isLast(next) || SURNAME_SHAPE.test(t.fold));
            if ((plainFirst && nextSurname) || (firstName && isLast(next) && !isWord(next)) || unknownPair) {
              // A third capitalised non-word continues the name (`Maria Luisa Conti`).
              const third = chain[k + 2];
              const end = third && third.title && !isWord(third) && !isPlace(third) && (isLast(third) || isFirst(next)) ? third : next;
              push(t, end, plainFirst ? 0.85 : 0.75);
              k += end === next ? 2 : 3;
              continue;
            }
          }
          // One word alone: a given name that is no dictionary word and no place (a surname alone is as often a company: `Bekins`, `Tesla`).
          if (t.title && chain.length === 1 && !isWord(t) && !isPlace(t) && isFirst(t)) push(t, t, 0.6);
          k++;
        }
      }
    },
  };
}
