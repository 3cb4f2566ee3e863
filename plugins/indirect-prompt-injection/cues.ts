/**
 * Cues that a sentence inside data is addressed to the assistant reading it rather than to the
 * data's human reader: it talks about "your response", names the AI, asks for code to be merged
 * into "your solution", or is a request that does not belong in the surrounding data.
 * Matched on folded text (lower case, accents removed). Compiled once, at module load.
 */
import { hashString, SEEDS } from '../shared/prompt-features/hashing.js';
import { WordTable } from './word-table.js';

/**
 * Cue names, in feature order; the first five also name categories of a hit. The last four tell
 * a notice for people from an instruction to the assistant: the writer speaking as "we / us / our"
 * (mail, notices and docs do; injections rarely), the reader's own things ("your order number",
 * "your badge"; not "your response"), an override ("forget the old ...", "ignore the previous
 * ...") whose unit names nothing of an assistant's world (instructions, prompt, AI, the user; a
 * domain word makes rules the reader's: "the password policy", "the kitchen rules"), and
 * talk of "your reply" that asks for the reader's own things or speaks as "we" ("in your reply,
 * include your order number"). The model is linear, so each conjunction is a feature of its own.
 */
export const CUES = [
  'response_manipulation',
  'assistant_address',
  'code_injection',
  'link_injection',
  'task_injection',
  'imperative_start',
  'question',
  'prose_in_table',
  'reader_address',
  'writer_voice',
  'reader_possession',
  'override_without_ai_words',
  'reply_asked_of_reader',
  'code_address',
] as const;
export type Cue = (typeof CUES)[number];

const RESPONSE_NOUN = '(?:response|responses|answer|answers|reply|replies|output|message|summary|reply text|completion|explanation|elucidation|translation|result)';
const CODE_NOUN = '(?:code|implementation|solution|script|program|codebase|algorithm|function)';
/**
 * "your response", "in your answer", "when you reply": talk about what the reader writes back;
 * a code noun ("your code", "into your solution") is counted apart, as code_address: answers on
 * programming sites talk about the asker's code all the time. One pass counts both.
 */
const ABOUT_OUTPUT = new RegExp(
  `\\b(?:your|the assistant's|the ai's|the model's)\\s+(?:(?:final|next|entire|whole|own|generated|written|full|current)\\s+)?(?:${RESPONSE_NOUN}|(${CODE_NOUN}))\\b` +
    `|\\b(?:in|into|to|within|throughout) (?:your|each|every) (?:${RESPONSE_NOUN}|(${CODE_NOUN}))\\b` +
    '|\\b(?:when|before|after|while) (?:you )?(?:respond|answer|reply|summari[sz]e|write)\\w*\\b',
  'g',
);
/**
 * A unit that opens by naming the AI, in several languages ("AI assistant: ...", "Dear AI agent,
 * ...", "Assistant : ..."), after a label such as "Review 3:" or markup such as "<p>". Anchored at
 * the start, so it costs one attempt per unit.
 */
const VOCATIVE =
  /^(?:[^:.!?\n]{0,24}:\s+)?(?:<[^>]{0,40}>|[^a-z\u0400-\u04ff\u4e00-\u9fff]){0,12}(?:(?:dear|hey|hi)\s)?(?:ai[ -](?:assistant|agent|model|bot)|ki-assistent|assistant(?: ia)?|assistente|asistente|assistent|llm|chatbot|ai|ассистент|ai助手)\s*[:,，：]/;
/** VOCATIVE, tried only when one of the unit's first eight words is an AI's name. */
function opensByNamingTheAi(unit: string, words: UnitWords): boolean {
  const n = Math.min(words.tokenCount, 8);
  for (let t = 0; t < n; t++) if (WORD_BITS.get(words.tokens[t]) & AI_NAME) return VOCATIVE.test(unit);
  return false;
}

/** Cues counted by one pass over the words (readWords) rather than by a pattern of their own. */
type PersonCue = 'reader_address' | 'writer_voice' | 'reader_possession' | 'override_without_ai_words' | 'reply_asked_of_reader';
/** Cues counted by ABOUT_OUTPUT. */
type OutputCue = 'response_manipulation' | 'code_address';
const PATTERNS: Record<Exclude<Cue, 'prose_in_table' | 'question' | PersonCue | OutputCue>, RegExp> = {
  assistant_address: /\b(?:assistant|ai|a\.i\.|chatbot|language model|llm|gpt|chatgpt|claude|gemini|copilot|bot|agent|model)\b[^.\n]{0,40}\b(?:must|should|will|shall|needs? to|is required to|has to|ignore|disregard|instead)\b|\b(?:dear|attention|note to|message for|instructions? for) (?:the )?(?:ai|assistant|model|llm|agent|bot)\b|\bif you are (?:an? )?(?:ai|assistant|language model|llm|agent|bot)\b/g,
  code_injection: /\b(?:following|subsequent|below|above|this|provided|given)\s+(?:code|snippet|script|code block|code section|code excerpt|code snippet|lines? of code)\b|\b(?:import|include|embed|insert|merge|integrate|incorporate|append|add|paste|blend|meld|utili[sz]e|leverage)\b[^.\n]{0,40}\b(?:code|snippet|block|excerpt)\b/g,
  // A domain is found at its dot ("example.com"), so the search does not start a name at every word.
  link_injection: /\b(?:https?:\/\/|www\.)\S+|(?<=[a-z0-9-])\.(?:com|net|org|xyz|io|info|biz|ru|top|click|link)\b/g,
  task_injection: /^(?:please\s+)?(?:write|compose|draft|create|generate|develop|provide|give|list|explain|describe|summari[sz]e|translate|tell me|show me|teach|outline|break down|compare|recommend|suggest|calculate|solve|define)\b/g,
  imperative_start: /^(?:please\s+|also\s+|now\s+|then\s+|and\s+)?(?:add|include|integrate|modify|insert|append|mention|replace|use|remove|rearrange|introduce|scramble|misspell|jumble|group|combine|render|convert|substitute|augment|enhance|ensure|consider|merge|incorporate|leverage|make|keep|don't|do not|never|always|start|begin|end|finish|respond|reply|answer|say|print|output|repeat|ignore|forget|disregard|encourage|invite|urge|tell|ask|direct|redirect|promote|advertise|recommend|suggest|tease|hint|stress|emphasi[sz]e|highlight|express|share|send|visit|click|download|install|run|execute|call|email|contact)\b/g,
};
/** Kinds of the words readWords looks up. */
const OWN = hashString('own', SEEDS.word);
const enum WordKind {
  Reader,
  Writer,
  Control,
  Output,
  Your,
}
/**
 * The words readWords looks up, by their token hash (the hash features.ts gives every
 * word, so the unit's words are not read again): second person, the writer's "we", what the
 * assistant writes ("your response", "your code": not the reader's own things), and the words an
 * override of an assistant's controls names: its instructions, rules, context or prompt, the AI
 * itself, the user, "everything above" (a few languages' words for "instructions" and "rules").
 */
const kinds: Array<[WordKind, string]> = [
  [WordKind.Your, 'your'],
  [WordKind.Reader, 'you yours yourself'],
  [WordKind.Writer, 'we us our ours ourselves'],
  [WordKind.Output, 'response responses answer answers reply replies output message summary completion explanation elucidation translation result code implementation solution script program codebase algorithm function'],
  [
    WordKind.Control,
    'instruction instructions instrucciones instruccion instrucoes instrucao instructies instruktion instruktioner instruktionerna instrukcje instrukcji istruzioni ' +
      'anweisung anweisungen consigne consignes direction directions directive directives rule rules regeln reglas regles regole regras talimat talimatlari ' +
      'kural kurallari pokyny ohjeet utasitas utasitast huong guideline guidelines policy policies command commands context constraint constraints restriction ' +
      'restrictions programming training filter filters safeguard safeguards guardrail guardrails limitation limitations prompt prompts system conversation chat ' +
      'ai assistant chatbot bot llm gpt model agent user users above everything alles todo tout tutto tudo hierboven said told purpose jailbreak jailbroken ' +
      'jailbreaking openai anthropic text',
  ],
];
/**
 * What each word countCues looks up is, by its token hash, in one table: the gates it opens
 * (GATE, low bits), its kind plus one (above KIND_SHIFT) and whether it names the AI (AI_NAME).
 */
const WORD_BITS = new WordTable();
const GATE_BITS = 0xf;
const AI_NAME = 0x10;
const KIND_SHIFT = 5;
const hashSet = (words: string) => new Set(words.split(' ').map((word) => hashString(word, SEEDS.word)));
/** Rule nouns that a domain word makes the reader's ("the password policy", "kitchen rules", "rules about parking"). */
const RULE_NOUNS = hashSet('instruction instructions rule rules guideline guidelines direction directions directive directives policy policies command commands restriction restrictions constraint constraints');
/** Words before a rule noun that leave it the assistant's ("your rules", "all previous instructions"). */
const NOT_A_DOMAIN = hashSet(
  'the a an all any your my our their its previous prior above earlier preceding old original initial system safety content ethical moral these those of new existing ' +
    'current default following real actual true hidden secret developer every such and or to ai model ignore disregard forget skip bypass override overlook neglect ' +
    'drop follow obey break about with from by : | # * [ ] { } < > ! ? = $',
);
const COLON = hashString(':', SEEDS.word);
const TEXT = hashString('text', SEEDS.word);
/** "rules about / for / on <thing>". */
const TOPIC_WORDS = hashSet('about for on of in');
const ARTICLES = hashSet('the your our a an');
/** Topics that keep the rules the assistant's ("instructions for the AI", "rules of this chat"). */
const ASSISTANT_TOPICS = hashSet('ai assistant model bot chatbot llm agent chat conversation user users system you this these it everything all');
/** The names VOCATIVE looks for, as words. */
const AI_NAMES = hashSet('ai assistant assistente asistente assistent llm chatbot ki ассистент ai助手');
/** Control words of scripts whose words the hash table does not hold. */
const OTHER_SCRIPT_CONTROL = /инструкц|інструкц|указани|правил|промпт|指令|指示|规则|提示|命令|지시|규칙|التعليمات|القواعد|تعليمات|निर्देश|οδηγιες|הוראות|دستورالعمل|คำสั่ง/;
const NON_ASCII = /[^\x00-\x7f]/;

/** Whether the rule noun at token `t` belongs to a domain: "the password policy", "the old rules about parking". */
function isDomainRule(tokens: Uint32Array, count: number, t: number): boolean {
  if (!RULE_NOUNS.has(tokens[t])) return false;
  if (t > 0 && !NOT_A_DOMAIN.has(tokens[t - 1])) return true;
  let next = t + 1;
  if (next >= count || !TOPIC_WORDS.has(tokens[next])) return false;
  next++;
  if (next < count && ARTICLES.has(tokens[next])) next++;
  return next < count && !ASSISTANT_TOPICS.has(tokens[next]);
}

const PERSON_INDEX = { reader_address: 0, writer_voice: 0, reader_possession: 0, override_without_ai_words: 0, reply_asked_of_reader: 0 };
const RESPONSE_MANIPULATION = CUES.indexOf('response_manipulation');
const CODE_ADDRESS = CUES.indexOf('code_address');
const QUESTION_INDEX = CUES.indexOf('question');
const PROSE_IN_TABLE = CUES.indexOf('prose_in_table');
const ASSISTANT_ADDRESS = CUES.indexOf('assistant_address');
/** The gate (see GATE) each pattern needs; 0: always tried. */
const PATTERN_GATE: Record<keyof typeof PATTERNS, number> = { assistant_address: 1, code_injection: 2, link_injection: 4, task_injection: 0, imperative_start: 0 };
/** The cues with a pattern of their own: feature index, pattern, gate. */
const PATTERN_LIST = (Object.keys(PATTERNS) as Array<keyof typeof PATTERNS>).map((cue): [number, RegExp, number] => [CUES.indexOf(cue), PATTERNS[cue], PATTERN_GATE[cue]]);
const QUESTION = /^(?:what|who|whom|whose|which|when|where|why|how|is|are|can|could|would|will|do|does|did|should|shall|may)\b[^?]{2,200}\?$/;
const TABLE_ROW = /^\|.*\|$/;

const PROSE = /[a-z]{3,}\s+[a-z]{2,}\s+[a-z]{2,}/;
const CELL_WORDS = /[a-z']+/g;

/** A sentence, or a table cell long enough to be one (table cells are normally short). */
function isProse(unit: string): boolean {
  if (!TABLE_ROW.test(unit)) return PROSE.test(unit);
  for (const cell of unit.split('|')) {
    let words = 0;
    CELL_WORDS.lastIndex = 0;
    while (CELL_WORDS.exec(cell) !== null) words++;
    if (words >= 7) return true;
  }
  return false;
}

for (const cue of Object.keys(PERSON_INDEX) as PersonCue[]) PERSON_INDEX[cue] = CUES.indexOf(cue);

/**
 * Counts of each cue in one unit; `tabular` tells whether the surrounding data is a table,
 * `words` are its token hashes, `overrides` how many instruction_override phrases prompt_guard's
 * families found in it.
 */
/** The token hashes of a unit: features.ts computes them once per unit (its FeatureScratch is one). */
export interface UnitWords {
  readonly tokens: Uint32Array;
  readonly tokenCount: number;
}

export function countCues(unit: string, tabular: boolean, words: UnitWords, overrides: number, out: Float64Array): void {
  // QUESTION ends at the end of the unit with `?`: a unit ending otherwise is not tried.
  out[QUESTION_INDEX] = unit.charCodeAt(unit.length - 1) === 0x3f && QUESTION.test(unit) ? 1 : 0;
  out[PROSE_IN_TABLE] = tabular && isProse(unit) ? 1 : 0;
  // One pass over the words: which gates they open, and the counts of the person cues.
  let present = readWords(words);
  // "a.i." is a name of the assistant too; its letters alone ("a", "i") are everywhere.
  if (!(present & GATE.assistant) && unit.includes('a.i.')) present |= GATE.assistant;
  for (const [index, re, gate] of PATTERN_LIST) {
    let n = 0;
    if ((present & gate) === gate) {
      re.lastIndex = 0;
      while (n < 6 && re.exec(unit) !== null) n++;
    }
    out[index] = n;
  }
  if (out[ASSISTANT_ADDRESS] < 6 && opensByNamingTheAi(unit, words)) out[ASSISTANT_ADDRESS]++;
  if (present & GATE.output) countOutputTalk(unit, out);
  else out[RESPONSE_MANIPULATION] = out[CODE_ADDRESS] = 0;
  personCues(unit, overrides, out);
}

/**
 * Words without one of which a pattern cannot match, so it is not tried on a unit that lacks them
 * all: the unit's words are already hashed, and most units hold none of these.
 */
const GATE = { assistant: 1, code: 2, link: 4, output: 8 } as const;
const gateWords: Array<[number, string]> = [
  [GATE.assistant, 'assistant ai chatbot language llm gpt chatgpt claude gemini copilot bot agent model'],
  [GATE.code, 'code snippet script block excerpt'],
  [GATE.link, 'http https www com net org xyz io info biz ru top click link'],
  [GATE.output, "your each every when before after while assistant's ai's model's"],
];
for (const [gate, list] of gateWords) for (const word of list.split(' ')) WORD_BITS.add(hashString(word, SEEDS.word), gate);
for (const [kind, list] of kinds) for (const word of list.split(' ')) WORD_BITS.add(hashString(word, SEEDS.word), (kind + 1) << KIND_SHIFT);
for (const hash of AI_NAMES) WORD_BITS.add(hash, AI_NAME);

/** Person-cue counts of the unit readWords read last: reader, possession, writer, AI words. */
const person = new Int32Array(4);
const READER = 0;
const POSSESSION = 1;
const WRITER = 2;
const AI_WORDS = 3;

/**
 * One pass over the unit's token hashes, one table look-up each: the gates their words open
 * (returned) and the person cues' counts (left in `person`): second person, "your <thing>" that
 * is the reader's own, the writer's "we", and the words of an assistant's controls.
 */
function readWords(words: UnitWords): number {
  let present = 0;
  let reader = 0;
  let possession = 0;
  let writer = 0;
  let aiWords = 0;
  const { tokens, tokenCount: count } = words;
  for (let t = 0; t < count; t++) {
    const bits = WORD_BITS.get(tokens[t]);
    if (bits === 0) continue;
    present |= bits & GATE_BITS;
    const kind = (bits >>> KIND_SHIFT) - 1;
    if (kind < 0) continue;
    if (kind === WordKind.Your) {
      reader++;
      // "your <thing>" (or "your own <thing>"): the reader's own unless an output or a control word.
      let next = t + 1;
      if (next < count && tokens[next] === OWN) next++;
      if (next < count) {
        const nextKind = (WORD_BITS.get(tokens[next]) >>> KIND_SHIFT) - 1;
        if (nextKind !== WordKind.Output && nextKind !== WordKind.Control && nextKind !== WordKind.Your && nextKind !== WordKind.Reader) possession++;
      }
    } else if (kind === WordKind.Reader) reader++;
    else if (kind === WordKind.Writer) writer++;
    // A key `"text":` (JSON, YAML) is not "the text above".
    else if (kind === WordKind.Control && !(tokens[t] === TEXT && t + 1 < count && tokens[t + 1] === COLON) && !isDomainRule(tokens, count, t)) aiWords++;
  }
  person[READER] = reader;
  person[POSSESSION] = possession;
  person[WRITER] = writer;
  person[AI_WORDS] = aiWords;
  return present;
}

/** response_manipulation and code_address, from one ABOUT_OUTPUT pass. */
function countOutputTalk(unit: string, out: Float64Array): void {
  let response = 0;
  let code = 0;
  ABOUT_OUTPUT.lastIndex = 0;
  for (let m = ABOUT_OUTPUT.exec(unit); m !== null && response + code < 12; m = ABOUT_OUTPUT.exec(unit)) {
    if (m[1] !== undefined || m[2] !== undefined) code++;
    else response++;
  }
  out[RESPONSE_MANIPULATION] = Math.min(response, 6);
  out[CODE_ADDRESS] = Math.min(code, 6);
}

/** The person cues from readWords' counts, each capped at 6 like the others. */
function personCues(unit: string, overrides: number, out: Float64Array): void {
  const possession = person[POSSESSION];
  const writer = person[WRITER];
  let aiWords = person[AI_WORDS];
  if (overrides > 0 && aiWords === 0 && NON_ASCII.test(unit) && OTHER_SCRIPT_CONTROL.test(unit)) aiWords++;
  out[PERSON_INDEX.reader_address] = Math.min(person[READER], 6);
  out[PERSON_INDEX.reader_possession] = Math.min(possession, 6);
  out[PERSON_INDEX.writer_voice] = Math.min(writer, 6);
  out[PERSON_INDEX.override_without_ai_words] = aiWords === 0 ? overrides : 0;
  out[PERSON_INDEX.reply_asked_of_reader] = out[RESPONSE_MANIPULATION] > 0 && possession + writer > 0 ? 1 : 0;
}

/** Whether most lines of a text are table rows (`| a | b |`). */
export function isTabular(text: string): boolean {
  let rows = 0;
  let lines = 0;
  // Each line that is not blank, by its first character other than white space (what `trim`
  // removes is what `\s` matches): the search jumps over blank lines, and nothing is cut out.
  NOT_SPACE.lastIndex = 0;
  while (NOT_SPACE.test(text)) {
    const first = NOT_SPACE.lastIndex - 1;
    lines++;
    if (text.charCodeAt(first) === 0x7c) rows++;
    const end = text.indexOf('\n', first);
    if (end < 0) break;
    NOT_SPACE.lastIndex = end + 1;
  }
  return lines >= 2 && rows / lines >= 0.6;
}

const NOT_SPACE = /\S/g;
