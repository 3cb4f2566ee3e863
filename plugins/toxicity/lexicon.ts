/**
 * Category lexicon: words and phrases that place toxic text in a category, each with a
 * severity. It works on normalized text (see normalize.ts), so `f.u.c.k`, `sh1t` and
 * `b i t c h` are found; the obscenity package's English list adds its own matching.
 */
import { severityRank, type Category, type Severity } from './categories.js';

/** A category with a severity. */
export type Tag = [Category, Severity];

// Words as usually spelled; look-ups also try the form with doubled letters collapsed.
// A Map, not an object: `constructor` or `__proto__` in a prompt must not find a prototype member.
const WORDS = new Map<string, Tag[]>();
const add = (category: Category, severity: Severity, words: string) => {
  for (const w of words.split(' ')) WORDS.set(w, [...(WORDS.get(w) ?? []), [category, severity]]);
};
add('hate', 'high', 'nigger niggers niggerz faggot faggots fagot fagots fag fags kike kikes spic spics wetback wetbacks chink chinks gook gooks raghead ragheads towelhead towelheads sandnigger coon coons beaner beaners tranny trannies dyke dykes abeed africoon zipperhead jigaboo porchmonkey');
add('hate', 'medium', 'retard retards retarded negro negros homo homos queer queers');
add('hate', 'low', 'nigga niggas niggaz niggah wigger wiggers cracker crackers redneck rednecks hillbilly hillbillies');
add('harassment', 'medium', 'bitch bitches biatch hoe hoes hos hoez thot thots slut sluts whore whores skank skanks twat cunt cunts idiot idiots moron morons loser losers stupid dumb dumbass jackass dipshit scumbag pathetic worthless trash ugly fatso pussy');
add('harassment', 'low', 'sucks suck lame jerk clown');
add('sexual', 'medium', 'pussy pussies dick dicks cock cocks cum cumshot blowjob porn porno tits titties boobs horny dildo jizz anal penis vagina orgasm orgy handjob nudes naked sex sexy thot hentai milf');
add('violence', 'medium', 'kill killing murder murdered shoot shooting stab stabbing lynch lynching behead rape raped rapist bomb');
add('profanity', 'medium', 'fuck fucking fuckin fucked fucker fuckers motherfucker motherfuckers mf shit shits shitty bullshit ass asshole assholes bastard bastards bitch bitches prick dick cunt twat stfu');
add('profanity', 'low', 'crap hell bloody bollocks arse damn goddamn piss pissed wtf');

const words = (list: string) => list.split(' ');

// Groups of people that hateful or violent phrases target.
const PEOPLE = 'jews|muslims|blacks|whites|gays|immigrants|mexicans|arabs|women|niggers|niggas|fags|faggots|christians|refugees|asians|indians|chinese|africans|latinos|trannies|queers|lesbians|migrants';

/**
 * Phrases: threats, self-harm, directed abuse. Tested against the normalized text. `cues`: every
 * match of the pattern holds one of them inside one of its words, so a text none of whose words
 * holds a cue is not tested (keep them in step with the pattern). `words` and `prefixes` say the
 * same more narrowly for words of only a-z and digits (see `phraseCues`): every match holds one of
 * `words` as a whole word, or a word starting with one of `prefixes`; each of them holds a cue.
 * `pairs`: words a match holds only beside another (`bullet` only in `put a bullet in`): one of
 * `words` as a whole word counts only in a text that also holds one of `with` as a whole word, so
 * markdown's bullet points send no pattern over a text.
 */
interface Pair {
  words: string[];
  with: string[];
}
const PHRASES: Array<{ pattern: RegExp; tag: Tag; cues: string[]; words: string[]; prefixes?: string[]; pairs?: Pair[] }> = [
  { pattern: /\b(?:kill|hang|hurt|cut|harm|shoot|drown|starve) (?:my ?self|myself)\b|\b(?:im|i am|been|keep) (?:\w+ )?(?:thinking|think) (?:about|of) (?:suicide|killing myself|ending it)\b|\bi (?:am|m|feel) suicidal\b|\bim suicidal\b|\bkms\b|\bend(?:ing)? (?:my|it) (?:life|all)\b|\bi (?:just |really )?want(?:ed)? to die\b|\bdont want to (?:live|be alive)\b|\bno reason to live\b|\boverdos\w*/, tag: ['self_harm', 'high'], cues: words('self think suicidal kms end die live overdos'), words: words('self myself suicidal kms end ending die'), prefixes: ['overdos'], pairs: [{ words: words('live alive'), with: words('dont reason') }, { words: words('think thinking'), with: words('suicide killing ending') }] },
  { pattern: /\bsuicid\w*|\bself ?harm\w*/, tag: ['self_harm', 'medium'], cues: words('suicid self'), words: ['self'], prefixes: ['suicid', 'selfharm'] },
  { pattern: /\b(?:kill|kil) (?:your ?self|yourself|urself|ur self)\b|\bkys\b|\bgo (?:die|hang yourself)\b|\bdrink bleach\b/, tag: ['harassment', 'high'], cues: words('self kys die bleach'), words: words('self urself kys die bleach'), pairs: [{ words: ['yourself'], with: words('kill kil hang') }] },
  { pattern: new RegExp(String.raw`\b(?:ill|i will|im gonna|gonna|going to|i am going to|lets|imma|ima) (?:kill|shoot|stab|murder|beat|hurt|bomb|burn|rape|find and kill) (?:you|u|ya|yall|them|him|her|all of you|every)\b|\b(?:kill|shoot|hang|lynch|gas|exterminate|deport) (?:all )?(?:the |those |these )?(?:${PEOPLE})\b|\b(?:ill|i will|im gonna|gonna|going to|i am going to|imma|ima) (?:find|hunt|track) (?:you|u) (?:down )?(?:and )?(?:kill|hurt|shoot|stab|beat|murder) (?:you|u)\b|\b(?:someone|somebody|they|you|u) (?:should|needs? to|ought to) (?:kill|shoot|stab|murder|hang) (?:you|u|him|her|them)\b|\bbeat (?:your|yo|ur) ass\b|\bput (?:a|one) bullet in\b|\bdeserve to die\b|\bshould be (?:shot|killed|hanged|lynched|gassed)\b`), tag: ['violence', 'high'], cues: words('kill shoot stab murder beat hurt bomb burn rape hang lynch gas exterminate deport bullet deserve shot'), words: words('kill shoot stab murder beat hurt bomb burn rape hang lynch gas exterminate deport deserve'), pairs: [{ words: ['bullet'], with: ['put'] }, { words: words('shot killed hanged lynched gassed'), with: ['should'] }] },
  { pattern: new RegExp(String.raw`\b(?:(?:you|u|ur|youre|your)(?: guys| people| all| lot| two)?|(?:this|that) (?:admin|moderator|mod|editor|reviewer|user|guy|dude|bot|clown) (?:is|s)) (?:are |r |a |an |such a |so |fucking |fuckin |stupid |dumb |useless |worthless |pathetic )*(?:bitch|hoe|slut|whore|cunt|idiot|moron|loser|retard|faget|fag|piece of shit|trash|ugly|worthless|pathetic|stupid|dumb|clown)\b|\bshut (?:the fuck |tf |the hell )?up\b|\bnobody (?:likes|loves|cares about) you\b`), tag: ['harassment', 'high'], cues: words('bitch hoe slut whore cunt idiot moron loser retard fag shit trash ugly worthless pathetic stupid dumb clown shut nobody'), words: words('bitch hoe slut whore cunt idiot moron loser retard faget fag shit trash ugly worthless pathetic stupid dumb clown shut nobody') },
  { pattern: /\b(?:all|those|these|the|fucking|dirty) (?:niger|nigers|muslims|jews|mexicans|immigrants|blacks|gays|fagots|fags|women|arabs|asians)s? (?:are|should|must|need to|deserve)\b|\bgo back to (?:africa|mexico|your country|the jungle)\b|\bsub ?human\b|\bwhite power\b|\bheil hitler\b|\bgas the (?:jews|kikes)\b/, tag: ['hate', 'high'], cues: words('niger muslims jews mexicans immigrants blacks gays fag women arabs asians back human power hitler gas'), words: [...words('niger nigers muslims jews mexicans immigrants blacks gays fagots fags arabs asians').flatMap((w) => [w, `${w}s`]), ...words('subhuman hitler gas')], pairs: [{ words: words('women womens'), with: words('are should must need deserve') }, { words: ['back'], with: words('africa mexico country jungle') }, { words: ['human'], with: ['sub'] }, { words: ['power'], with: ['white'] }] },
  { pattern: /\bsuck (?:my|his|ur|your) (?:dick|cock)\b|\bsend nudes\b|\bdouble penetration\b|\bfinger ?bang\w*|\bjerk(?:ing|ed)? off\b|\bdoggy ?style\b|\b(?:wanna|want to|gonna) (?:fuck|bang|smash) (?:you|u|her|him)\b/, tag: ['sexual', 'high'], cues: words('suck nudes penetration bang jerk doggy fuck smash'), words: words('suck nudes penetration jerk jerking jerked doggy doggystyle fuck smash'), prefixes: ['bang', 'fingerbang'] },
];

/** `fuuck` -> `fuck`: every run of one letter becomes one letter. */
function collapse(w: string): string {
  let out = '';
  for (let i = 0; i < w.length; i++) if (w[i] !== w[i - 1]) out += w[i];
  return out;
}
const hasDouble = (w: string) => {
  for (let i = 1; i < w.length; i++) if (w[i] === w[i - 1]) return true;
  return false;
};
// Collapsed forms, except where collapsing makes an everyday word (`ass` -> `as`).
const EVERYDAY = new Set(['as', 'hel', 'kil']);
const COLLAPSED = new Map<string, Tag[]>();
for (const [w, tags] of WORDS) {
  const c = collapse(w);
  if (!EVERYDAY.has(c) && !COLLAPSED.has(c)) COLLAPSED.set(c, tags);
}
const NONE: Tag[] = [];
const ENDINGS = ['ers', 'ing', 'es', 'in', 'ed', 'er', 's', 'z'];

// The collapsed form only for stretched words (`niggaa`, `fuuck`): `con` is not `coon`.
function lookUp(w: string): Tag[] | undefined {
  return WORDS.get(w) ?? (hasDouble(w) ? COLLAPSED.get(collapse(w)) : undefined);
}

/** Tags of one normalized word: as written, with doubled letters collapsed, or without a plural or -ing ending. */
export function wordTags(word: string): Tag[] {
  const direct = lookUp(word);
  if (direct) return direct;
  // `-ss` is no plural (`assess` is not `asses`).
  if (word.length < 5 || word.endsWith('ss')) return NONE;
  const ending = ENDINGS.find((e) => word.endsWith(e));
  return (ending && lookUp(word.slice(0, -ending.length))) || NONE;
}

// Phrase bits by whole word and by word start, for words of only a-z and digits. Pair k has two
// bits of its own above the phrases': PAIR_BASE + 2k (one of its words) and the next (one of `with`).
const PHRASE_WORDS = new Map<string, number>();
const PHRASE_PREFIXES: Array<[string, number]> = [];
const PAIR_BASE = PHRASES.length;
/** Per pair: the bit of the phrase it lets be tested. */
const PAIR_PHRASE: number[] = [];
/** Per phrase: what a word other than a-z and digits is searched for (its cues and every word of its pairs). */
const INSIDE: string[][] = PHRASES.map((p) => [...p.cues, ...(p.pairs ?? []).flatMap((pair) => [...pair.words, ...pair.with])]);
const addWordBit = (w: string, bit: number) => PHRASE_WORDS.set(w, (PHRASE_WORDS.get(w) ?? 0) | bit);
PHRASES.forEach((p, i) => {
  for (const w of p.words) addWordBit(w, 1 << i);
  for (const prefix of p.prefixes ?? []) PHRASE_PREFIXES.push([prefix, 1 << i]);
  for (const pair of p.pairs ?? []) {
    const bit = PAIR_BASE + 2 * PAIR_PHRASE.length;
    PAIR_PHRASE.push(1 << i);
    for (const w of pair.words) addWordBit(w, 1 << bit);
    for (const w of pair.with) addWordBit(w, 1 << (bit + 1));
  }
});
if (PAIR_BASE + 2 * PAIR_PHRASE.length > 31) throw new Error('toxicity lexicon: more phrase and pair bits than an int holds');

/**
 * The phrases to test, from the or of a text's `phraseCues`: a phrase's own bit, or both bits of
 * one of its pairs.
 */
export function phrasesCued(cues: number): number {
  let phrases = cues & ((1 << PAIR_BASE) - 1);
  for (let k = 0; k < PAIR_PHRASE.length; k++) if (((cues >>> (PAIR_BASE + 2 * k)) & 3) === 3) phrases |= PAIR_PHRASE[k];
  return phrases;
}

/** Whether a word is only a-z and digits: `\b` then sees a boundary at its two ends and nowhere inside. */
function plainWord(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if ((c < 97 || c > 122) && (c < 48 || c > 57)) return false;
  }
  return true;
}

/**
 * Bit i set when phrase i can match a text holding this word, and the bits of the pairs it is part
 * of: `phrasesCued` of the or of a text's words says which phrases to test. A word of a-z and
 * digits counts only as one of the phrase's `words`, `prefixes` or pair words, so `recommend` or
 * `change` send no pattern over the text; any other word (`\b` may fall inside it, at a letter
 * outside a-z or a `*`) counts for the whole phrase when it holds a cue or a word of its pairs.
 */
export function phraseCues(word: string): number {
  let bits = 0;
  if (plainWord(word)) {
    bits = PHRASE_WORDS.get(word) ?? 0;
    for (const [prefix, bit] of PHRASE_PREFIXES) if (word.startsWith(prefix)) bits |= bit;
    return bits;
  }
  INSIDE.forEach((inside, i) => {
    if (inside.some((cue) => word.includes(cue))) bits |= 1 << i;
  });
  return bits;
}

/**
 * Bits of the phrases that could still raise a category, given the strongest severity found so far
 * per category: a phrase whose category already holds its severity or a stronger one would change
 * nothing, so it need not be tested.
 */
export function phrasesThatCanRaise(found: ReadonlyMap<Category, Severity>): number {
  let bits = 0;
  PHRASES.forEach((p, i) => {
    const had = found.get(p.tag[0]);
    if (!had || severityRank(p.tag[1]) > severityRank(had)) bits |= 1 << i;
  });
  return bits;
}

/** Tags of the phrases that match the normalized text, testing only those with a bit in `cues` (phrase bits, see `phrasesCued`; default: all). */
export function phraseTags(normalized: string, cues = -1): Tag[] {
  return PHRASES.filter((p, i) => cues & (1 << i) && p.pattern.test(normalized)).map((p) => p.tag);
}

/** Every lexicon word, for `*` wildcard look-ups (`f*ck`). */
export const LEXICON_WORDS: readonly string[] = [...WORDS.keys()];
