/**
 * Cues that a sentence inside data is addressed to the assistant reading it rather than to the
 * data's human reader: it talks about "your response", names the AI, asks for code to be merged
 * into "your solution", or is a request that does not belong in the surrounding data.
 * Matched on folded text (lower case, accents removed). Compiled once, at module load.
 */

/** Cue names, in feature order; the first five also name categories of a hit. */
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
] as const;
export type Cue = (typeof CUES)[number];

const OUTPUT_NOUN = '(?:response|responses|answer|answers|reply|replies|output|message|summary|reply text|completion|code|implementation|solution|script|program|codebase|algorithm|function|explanation|elucidation|translation|result)';
const PATTERNS: Record<Exclude<Cue, 'prose_in_table' | 'question'>, RegExp> = {
  response_manipulation: new RegExp(
    `\\b(?:your|the assistant's|the ai's|the model's)\\s+(?:(?:final|next|entire|whole|own|generated|written|full|current)\\s+)?${OUTPUT_NOUN}\\b|\\b(?:in|into|to|within|throughout) (?:your|each|every) ${OUTPUT_NOUN}\\b|\\b(?:when|before|after|while) (?:you )?(?:respond|answer|reply|summari[sz]e|write)\\w*\\b`,
    'g',
  ),
  assistant_address: /\b(?:assistant|ai|a\.i\.|chatbot|language model|llm|gpt|chatgpt|claude|gemini|copilot|bot|agent|model)\b[^.\n]{0,40}\b(?:must|should|will|shall|needs? to|is required to|has to|ignore|disregard|instead)\b|\b(?:dear|attention|note to|message for|instructions? for) (?:the )?(?:ai|assistant|model|llm|agent|bot)\b|\bif you are (?:an? )?(?:ai|assistant|language model|llm|agent|bot)\b/g,
  code_injection: /\b(?:following|subsequent|below|above|this|provided|given)\s+(?:code|snippet|script|code block|code section|code excerpt|code snippet|lines? of code)\b|\b(?:import|include|embed|insert|merge|integrate|incorporate|append|add|paste|blend|meld|utili[sz]e|leverage)\b[^.\n]{0,40}\b(?:code|snippet|block|excerpt)\b/g,
  link_injection: /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|xyz|io|info|biz|ru|top|click|link)\b/g,
  task_injection: /^(?:please\s+)?(?:write|compose|draft|create|generate|develop|provide|give|list|explain|describe|summari[sz]e|translate|tell me|show me|teach|outline|break down|compare|recommend|suggest|calculate|solve|define)\b/g,
  imperative_start: /^(?:please\s+|also\s+|now\s+|then\s+|and\s+)?(?:add|include|integrate|modify|insert|append|mention|replace|use|remove|rearrange|introduce|scramble|misspell|jumble|group|combine|render|convert|substitute|augment|enhance|ensure|consider|merge|incorporate|leverage|make|keep|don't|do not|never|always|start|begin|end|finish|respond|reply|answer|say|print|output|repeat|ignore|forget|disregard|encourage|invite|urge|tell|ask|direct|redirect|promote|advertise|recommend|suggest|tease|hint|stress|emphasi[sz]e|highlight|express|share|send|visit|click|download|install|run|execute|call|email|contact)\b/g,
  reader_address: /\b(?:you|your|yours|yourself)\b/g,
};
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

/** Counts of each cue in one unit; `tabular` tells whether the surrounding data is a table. */
export function countCues(unit: string, tabular: boolean, out: Float64Array): void {
  let i = 0;
  for (const cue of CUES) {
    let n = 0;
    if (cue === 'question') n = QUESTION.test(unit) ? 1 : 0;
    else if (cue === 'prose_in_table') n = tabular && isProse(unit) ? 1 : 0;
    else {
      const re = PATTERNS[cue];
      re.lastIndex = 0;
      while (n < 6 && re.exec(unit) !== null) n++;
    }
    out[i++] = n;
  }
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
