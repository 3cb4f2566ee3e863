/**
 * Cues that a sentence inside data is addressed to the assistant reading it rather than to the
 * data's human reader: it talks about "your response", names the AI, asks for code to be merged
 * into "your solution", or is a request that does not belong in the surrounding data.
 * Matched on folded text (lower case, accents removed). Compiled once, at module load.
 */

/**
 * Cue names, in feature order; the first five also name categories of a hit. The last four tell
 * a notice for people from an instruction to the assistant: the writer speaking as "we / us / our"
 * (mail, notices and docs do; injections rarely), the reader's own things ("your order number",
 * "your badge"; not "your response"), an override ("forget the old ...", "ignore the previous
 * ...") whose unit names nothing of an assistant's world (instructions, prompt, AI, the user; a
 * domain word makes rules the reader's: "the password policy", "the kitchen rules"), and
 * talk of "your reply" that asks for the reader's own things or speaks as "we" ("in your reply,
 * include your order number"), and a plain statement (a copula, no "you", no imperative, no
 * question: "the system prompt of a chatbot is written by its developer"). The model is linear,
 * so each conjunction is a feature of its own.
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
  'statement',
  'code_address',
] as const;
export type Cue = (typeof CUES)[number];

const RESPONSE_NOUN = '(?:response|responses|answer|answers|reply|replies|output|message|summary|reply text|completion|explanation|elucidation|translation|result)';
const CODE_NOUN = '(?:code|implementation|solution|script|program|codebase|algorithm|function)';
/** Both kinds of "your <noun>": what the assistant writes. */
const OUTPUT_NOUN = `(?:${RESPONSE_NOUN}|${CODE_NOUN})`;
/** "your response", "in your answer", "when you reply": talk about what the reader writes back. */
const aboutOutput = (noun: string) =>
  new RegExp(
    `\\b(?:your|the assistant's|the ai's|the model's)\\s+(?:(?:final|next|entire|whole|own|generated|written|full|current)\\s+)?${noun}\\b|\\b(?:in|into|to|within|throughout) (?:your|each|every) ${noun}\\b`,
    'g',
  );
/** Cues counted by PERSON_WORDS in one pass rather than by a pattern of their own. */
type PersonCue = 'reader_address' | 'writer_voice' | 'reader_possession' | 'override_without_ai_words' | 'reply_asked_of_reader' | 'statement';
const PATTERNS: Record<Exclude<Cue, 'prose_in_table' | 'question' | PersonCue>, RegExp> = {
  response_manipulation: new RegExp(`${aboutOutput(RESPONSE_NOUN).source}|\\b(?:when|before|after|while) (?:you )?(?:respond|answer|reply|summari[sz]e|write)\\w*\\b`, 'g'),
  // "your code" apart from "your response": answers on programming sites talk about the asker's code all the time.
  code_address: aboutOutput(CODE_NOUN),
  // "AI assistant: ...", "Dear AI agent, ...", "Assistant : ...", in several languages: a unit that opens by naming the AI
  // (after a label such as "Review 3:" or markup such as "<p>").
  assistant_address: /\b(?:assistant|ai|a\.i\.|chatbot|language model|llm|gpt|chatgpt|claude|gemini|copilot|bot|agent|model)\b[^.\n]{0,40}\b(?:must|should|will|shall|needs? to|is required to|has to|ignore|disregard|instead)\b|\b(?:dear|attention|note to|message for|instructions? for) (?:the )?(?:ai|assistant|model|llm|agent|bot)\b|\bif you are (?:an? )?(?:ai|assistant|language model|llm|agent|bot)\b|^(?:[^:.!?\n]{0,24}:\s+)?(?:<[^>]{0,40}>|[^a-z\u0400-\u04ff\u4e00-\u9fff]){0,12}(?:(?:dear|hey|hi)\s)?(?:ai[ -](?:assistant|agent|model|bot)|ki-assistent|assistant(?: ia)?|assistente|asistente|assistent|llm|chatbot|ai|ассистент|ai助手)\s*[:,，：]/gu,
  code_injection: /\b(?:following|subsequent|below|above|this|provided|given)\s+(?:code|snippet|script|code block|code section|code excerpt|code snippet|lines? of code)\b|\b(?:import|include|embed|insert|merge|integrate|incorporate|append|add|paste|blend|meld|utili[sz]e|leverage)\b[^.\n]{0,40}\b(?:code|snippet|block|excerpt)\b/g,
  link_injection: /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|xyz|io|info|biz|ru|top|click|link)\b/g,
  task_injection: /^(?:please\s+)?(?:write|compose|draft|create|generate|develop|provide|give|list|explain|describe|summari[sz]e|translate|tell me|show me|teach|outline|break down|compare|recommend|suggest|calculate|solve|define)\b/g,
  imperative_start: /^(?:please\s+|also\s+|now\s+|then\s+|and\s+)?(?:add|include|integrate|modify|insert|append|mention|replace|use|remove|rearrange|introduce|scramble|misspell|jumble|group|combine|render|convert|substitute|augment|enhance|ensure|consider|merge|incorporate|leverage|make|keep|don't|do not|never|always|start|begin|end|finish|respond|reply|answer|say|print|output|repeat|ignore|forget|disregard|encourage|invite|urge|tell|ask|direct|redirect|promote|advertise|recommend|suggest|tease|hint|stress|emphasi[sz]e|highlight|express|share|send|visit|click|download|install|run|execute|call|email|contact)\b/g,
};
/**
 * One pass for the person words of a unit: group 1 the reader's own things ("your" before a noun
 * that is not an output), group 2 other second-person words, group 3 the writer's "we", groups 4
 * and 6 (scripts without ASCII word edges) the words an override of an assistant's controls
 * names: its instructions, rules, context or prompt, the AI itself, the user, "everything above";
 * group 5 a copula.
 */
const CONTROL_WORDS =
  'instruc\\w*|instruk\\w*|istruz\\w*|anweisung\\w*|consignes?|directions?|directives?|rules?|regeln|reglas|regles|regole|regras|talimat\\w*|kural\\w*|pokyny|ohjeet|utasitas\\w*|huong dan|' +
  'guidelines?|polic(?:y|ies)|commands?|context|constraints?|restrictions?|programming|training|filters?|safeguards?|guardrails?|limitations?|prompts?|system|' +
  'conversation|chat|ai|a\\.i|assistant|chatbot|bot|llm|gpt|model|agent|user|users|above|everything|alles|todo|tout|tutto|tudo|hierboven|text(?!")|said|told|purpose|jailbr\\w*|openai|anthropic';
const PERSON_WORDS = new RegExp(
  `\\b(?:(your(?=\\s+(?!(?:${OUTPUT_NOUN}|${CONTROL_WORDS})\\b)(?:own\\s+)?[a-z]+\\b))|(you|your|yours|yourself)|(we|us|our|ours|ourselves)|(${CONTROL_WORDS})|(is|are|was|were|has been|have been))\\b` +
    '|(инструкц|інструкц|указани|правил|промпт|指令|指示|规则|提示|命令|지시|규칙|التعليمات|القواعد|تعليمات|निर्देश|οδηγιες|הוראות|دستورالعمل|คำสั่ง)',
  'g',
);
/** Rule nouns that a domain word makes the reader's ("the password policy", "kitchen rules", "rules about parking"). */
const RULE_NOUN = /^(?:instructions?|rules?|guidelines?|directions?|directives?|polic(?:y|ies)|commands?|restrictions?|constraints?)$/;
/** Words before a rule noun that leave it the assistant's ("your rules", "all previous instructions"). */
const NOT_A_DOMAIN = new Set(
  ('the a an all any your my our their its previous prior above earlier preceding old original initial system safety content ethical moral these those of new existing ' +
    'current default following real actual true hidden secret developer every such and or to ai model ' +
    'ignore disregard forget skip bypass override overlook neglect drop follow obey break about with from by').split(' '),
);
const WORD_BEFORE = /([a-z']+)\s+$/;
/** "rules about / for / on <thing>": the thing named after the noun. */
const TOPIC_AFTER = /^\s+(?:about|for|on|of|in)\s+(?:the\s+|your\s+|our\s+|a\s+|an\s+)?([a-z']+)/;
/** Topics that keep the rules the assistant's ("instructions for the AI", "rules of this chat"). */
const ASSISTANT_TOPIC = new Set('ai assistant model bot chatbot llm agent chat conversation user users system you this these it everything all'.split(' '));

/** Whether the rule noun at `index` of `unit` belongs to a domain: "the password policy", "the old rules about parking". */
function isDomainRule(unit: string, index: number, noun: string): boolean {
  if (!RULE_NOUN.test(noun)) return false;
  const before = WORD_BEFORE.exec(unit.slice(Math.max(0, index - 24), index));
  if (before !== null && !NOT_A_DOMAIN.has(before[1])) return true;
  const after = TOPIC_AFTER.exec(unit.slice(index + noun.length, index + noun.length + 40));
  return after !== null && !ASSISTANT_TOPIC.has(after[1]);
}

const PERSON_INDEX = { reader_address: 0, writer_voice: 0, reader_possession: 0, override_without_ai_words: 0, reply_asked_of_reader: 0, statement: 0 };
const RESPONSE_MANIPULATION = CUES.indexOf('response_manipulation');
const NOT_A_STATEMENT = ['assistant_address', 'task_injection', 'imperative_start', 'question'].map((cue) => CUES.indexOf(cue as Cue));
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
 * `overrides` how many instruction_override phrases prompt_guard's families found in it.
 */
export function countCues(unit: string, tabular: boolean, overrides: number, out: Float64Array): void {
  let i = 0;
  for (const cue of CUES) {
    let n = 0;
    if (cue === 'question') n = QUESTION.test(unit) ? 1 : 0;
    else if (cue === 'prose_in_table') n = tabular && isProse(unit) ? 1 : 0;
    else if (!(cue in PERSON_INDEX)) {
      const re = PATTERNS[cue as keyof typeof PATTERNS];
      re.lastIndex = 0;
      while (n < 6 && re.exec(unit) !== null) n++;
    }
    out[i++] = n;
  }
  countPersonWords(unit, overrides, out);
}

/** The PERSON_WORDS cues, each capped at 6 like the others. */
function countPersonWords(unit: string, overrides: number, out: Float64Array): void {
  let reader = 0;
  let possession = 0;
  let writer = 0;
  let aiWords = 0;
  let copulas = 0;
  PERSON_WORDS.lastIndex = 0;
  for (let m = PERSON_WORDS.exec(unit); m !== null; m = PERSON_WORDS.exec(unit)) {
    if (m[1] !== undefined) possession++;
    else if (m[2] !== undefined) reader++;
    else if (m[3] !== undefined) writer++;
    else if (m[5] !== undefined) copulas++;
    else if (m[4] === undefined || !isDomainRule(unit, m.index, m[4])) aiWords++;
    // "your order" is also second person, as before this cue existed.
    if (m[1] !== undefined) reader++;
  }
  out[PERSON_INDEX.reader_address] = Math.min(reader, 6);
  out[PERSON_INDEX.reader_possession] = Math.min(possession, 6);
  out[PERSON_INDEX.writer_voice] = Math.min(writer, 6);
  out[PERSON_INDEX.override_without_ai_words] = aiWords === 0 ? overrides : 0;
  out[PERSON_INDEX.reply_asked_of_reader] = out[RESPONSE_MANIPULATION] > 0 && possession + writer > 0 ? 1 : 0;
  out[PERSON_INDEX.statement] = copulas > 0 && reader === 0 && NOT_A_STATEMENT.every((i) => out[i] === 0) ? 1 : 0;
}

/** Whether most lines of a text are table rows (`| a | b |`). */
export function isTabular(text: string): boolean {
  let rows = 0;
  let lines = 0;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t) continue;
    lines++;
    if (t.startsWith('|')) rows++;
  }
  return lines >= 2 && rows / lines >= 0.6;
}
