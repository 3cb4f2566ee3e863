/**
 * The features smart routing reads from a canonical chat request. All are cheap (one pass over
 * the text and a handful of regular expressions over the last user message) so classifying
 * costs microseconds, not a model call. docs/routing.md explains each one.
 */
import type { CanonicalRequest, ContentPart } from '../../../canonical/index.js';

export interface PromptFeatures {
  /** Characters of text in the whole conversation (system, user, assistant, tool results). */
  chars: number;
  /** Words in the last user message. */
  lastUserWords: number;
  /** User and assistant turns. */
  turns: number;
  /** Declared tools. */
  tools: number;
  /** Tool calls and tool results already in the conversation. */
  toolActivity: number;
  /** `response_format`: 2 for a JSON schema, 1 for JSON mode, 0 otherwise. */
  responseFormat: number;
  /** Prose asking for machine-readable output (JSON, YAML, CSV, a schema, named columns). */
  structuredCues: number;
  /** Code in the conversation: fenced blocks, and lines shaped like code. */
  codeFences: number;
  codeLines: number;
  /** An error report: a traceback, an exception name, a compiler or runtime error line. */
  errorReport: boolean;
  /** Programming vocabulary (languages, tools, data structures) in the last user message. */
  codeTerms: number;
  /** An ask to produce or change code: write/implement/refactor/debug ... a function, query, script ... */
  codeAsk: boolean;
  /** Multi-step reasoning cues: prove, derive, solve, schedule, trade-offs, root cause ... */
  reasoningCues: number;
  /** Maths: equations, operators between numbers, mathematical vocabulary. */
  mathCues: number;
  /** Numbers in the last user message. */
  numbers: number;
  /** Explicit constraints: must, exactly, at least, without using ... */
  constraintCues: number;
  /** Explanation and opinion asks: why, explain, describe, how does, what are the reasons ... */
  explainCues: number;
  /** Advice asks: ways, tips, best way, strategies, steps, how can I ... */
  adviceCues: number;
  /** Creative and role-play asks: story, poem, script, imagine, pretend, you are a ... */
  creativeCues: number;
  /** Question marks and enumerated items in the last user message. */
  questions: number;
  listItems: number;
  /** Images, documents and audio attached. */
  media: number;
  /** The client asked for more reasoning (high effort, or a thinking budget). */
  reasoningRequested: boolean;
}

const textOf = (parts: readonly ContentPart[]): string =>
  parts
    .map((p) => {
      if (p.type === 'text' || p.type === 'thinking' || p.type === 'refusal') return p.text;
      if (p.type === 'tool_result') return p.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      if (p.type === 'tool_call') return p.arguments;
      return '';
    })
    .join('\n');

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

export const CODE_LINE =
  /^[ \t]*(?:(?:def|class|function|fn|func|public|private|static|import|from|package|#include|using|return|const|let|var|elif|except|try|catch|SELECT|INSERT|UPDATE|DELETE|CREATE)\b[^\n]*|[^\n]*[;{}][ \t]*|[^\n]*\)[ \t]*(?:=>|->|:)[ \t]*|[^\n]*\w+\[[^\]\n]*\][ \t]*=[^\n]*|[^\n]*\b\w+\.\w+\([^)\n]*\)[^\n]*)$/gm;
/** Lines longer than this are not read as code lines: the pattern's work grows with the square of a line's length. */
const LONGEST_CODE_LINE = 400;

/** Whether a line of `text` (between line feeds) is longer than LONGEST_CODE_LINE. */
function hasLongLine(text: string): boolean {
  for (let start = 0; start <= text.length; ) {
    const feed = text.indexOf('\n', start);
    const end = feed < 0 ? text.length : feed;
    if (end - start > LONGEST_CODE_LINE) return true;
    start = end + 1;
  }
  return false;
}

/** Lines matching CODE_LINE, leaving out lines longer than LONGEST_CODE_LINE. */
export function codeLines(text: string): number {
  if (!hasLongLine(text)) return count(text, CODE_LINE);
  // The pattern never crosses a line feed, so the lines can be read one by one.
  return text.split('\n').reduce((n, line) => (line.length <= LONGEST_CODE_LINE ? n + count(line, CODE_LINE) : n), 0);
}
const ERROR_REPORT = /\b(?:Traceback \(most recent call last\)|\w+(?:Error|Exception)\b:|Segmentation fault|panic:|undefined is not|cannot read propert|NullPointer|stack ?trace|compil(?:e|er|ation) error)/i;
const CODE_TERMS =
  /\b(?:python|javascript|typescript|node\.?js|java|kotlin|rust|golang|go (?:http|program|code|function|routine)|c\+\+\d*|c#|ruby|php|scala|haskell|bash|shell script|powershell|sql|postgres(?:ql)?|mysql|sqlite|mongodb|redis|pandas|numpy|react|vue|angular|django|flask|express|docker(?:file)?|docker-compose|kubernetes|terraform|github actions|ci pipeline|regex|regular expression|api|endpoint|http|json|yaml|csv|function|method|class|struct|interface|array|linked list|hash ?map|dictionary|tree|graph|trie|queue|stack|heap|mutex|thread|coroutine|async|await|callback|promise|closure|recursion|recursive|algorithm|complexity|o\(n(?: log n)?\)|o\(1\)|unit tests?|pytest|jest|bug|debug\w*|compile\w*|runtime|variable|loop|index(?:es)?|schema|database|query|queries|microservices?|cache|middleware|webhook|cli|command-line|script that|program that|code)\b/gi;
const CODE_ASK =
  /\b(?:write|implement|build|create|make|program|code|refactor|debug|fix|review|optimi[sz]e|translate|port|convert|generate|produce|give me)\b[^.?!\n]{0,80}\b(?:function|method|class|script|program|query|regex|regular expression|hook|middleware|module|workflow|dockerfile|app|api|endpoint|algorithm|solver|parser|cli|test|tests|code|sql|implementation|component|pipeline|struct|queue|cache)\b/i;
const REASONING_CUES =
  /\b(?:step[- ]by[- ]step|prove|proof|derive|derivation|deduce|show (?:your|all|the) (?:work|steps)|justify|optimi[sz]e|optimal|minimi[sz]e|maximi[sz]e|minimum|maximum|trade-?offs?|weigh|analy[sz]e|estimate|calculate|compute|solve|puzzle|riddle|probability|expected|how many|how much|how fast|how long|what time|schedule|plan (?:a|an|the|my)|design (?:a|an|the)|architect\w*|outline the|compare|recommend|constraints?|edge cases?|hypothes[ie]s|root cause|diagnos\w+|failure|fail over|rollback|idempoten\w+|consisten\w+|latency|throughput|scal(?:e|ing|able)|per second|downtime|threat|mitigations?|each step|every valid|must be true|guarantee\w*|strategy that)\b/gi;
/**
 * `text` with every run of more than 16 digits cut to its first 16: MATH_CUES then finds as many
 * cues (it reads a run as digits, whatever their number), and does not try a long run again from
 * each of its digits.
 */
export const shortDigitRuns = (text: string) => text.replace(/\d{17,}/g, (run) => run.slice(0, 16));
export const MATH_CUES =
  /(?:\d+(?:[.,]\d+)?\s*[-+*/×÷^=<>]\s*\d+|\w\^\d|[∑∫√π≤≥≠]|\b(?:equation|integral|derivative|matrix|vector|modulo|primes?|factorial|percent(?:age)?|ratio|interest|compounded|annual(?:ised|ized)?|median|arithmetic mean|the mean of|average|standard deviation|variance|divisible|integers?|irrational|induction|km\/h|mph|m\/s|per hour)\b|\b\d+(?:\.\d+)?\s*%)/gi;
const CONSTRAINT_CUES =
  /\b(?:must|exactly|at least|at most|no more than|no fewer than|without using|do not use|only use|ensure|guarantee|make sure|each of|all of the following|in under|within \d+|limit(?:ed)? to|under \d+|include|cover(?:ing)?)\b/gi;
const EXPLAIN_CUES =
  /(?:^|[.?!]\s+)why\b|\b(?:explain|describe|discuss|elaborate|illustrate|analy[sz]e|summari[sz]e|insights?|reasons?|factors|arguments?|motivations?|causes?|consequences|impact|effects?|significan\w+|what happened|how (?:does|did|do|is|are|were|was) (?:the |a |an )?\w+ (?:work|plan|execute|take|treat\w*|affect|lead|happen|change|evolve)|how were|details on|tell me about|understand|meaning of|process for|the process|difference between|pros and cons|help me understand|perceptions?|misconceptions?|overview)\b/gi;
const ADVICE_CUES =
  /\b(?:ways?|tips|best (?:way|technique|method|approach|strategy)|how (?:do|can|should) i best|strateg(?:y|ies)|steps|advice|suggest\w*|recommend\w*|guide me|resources|books|literature|articles|research|measures|how (?:can|should|could) (?:i|we|one|people)|how do i (?:\w+ ){0,3}(?:my|the|a|an)? ?(?:self|goal|goals|personal|plan|project|barriers|record|target|targets|problem|issues|wife|party|test|roots|procrastination|resilience|framework|data)|what should i do|where should i|good way|effective(?:ly)?|stay (?:motivated|focused)|foster|overcom\w+|cope|coping|deal with|tackle|build resilience)\b/gi;
const CREATIVE_CUES =
  /\b(?:story|stories|poem|essay|article|blog|letter|email|speech|screenplay|script|scene|dialogue|narrative|chapter|novel|character|characters|plot|persona|role-?play|imagine|pretend|you are an?|you're an?|as an? (?:renowned|seasoned|acclaimed|wise|helpful|professional|historian|expert)|write (?:a|an|me|that)|compose|craft|fictional|fantasy|hypothetical|alternate (?:reality|universe|history))\b/gi;
const STRUCTURED_CUES =
  /\b(?:json|yaml|xml|csv|schema|key-value|markdown table|table with (?:the )?columns|with (?:the )?columns|valid (?:json|yaml|xml)|machine-readable|structured (?:output|format|data)|fields? (?:named|called)|with fields|only the (?:json|csv|yaml))\b/gi;

/** Reads the smart-routing features of a request. */
export function promptFeatures(request: CanonicalRequest): PromptFeatures {
  let chars = 0;
  let turns = 0;
  let toolActivity = 0;
  let media = 0;
  let lastUser = '';
  let all = '';
  for (const message of request.messages) {
    const text = textOf(message.content);
    chars += text.length;
    all += `${text}\n`;
    if (message.role === 'user' || message.role === 'assistant') turns++;
    if (message.role === 'user') lastUser = text;
    for (const part of message.content) {
      if (part.type === 'tool_call' || part.type === 'tool_result') toolActivity++;
      else if (part.type === 'image' || part.type === 'document' || part.type === 'audio') media++;
    }
  }
  // Regex scans are bounded: a long context is already decided by its length.
  const sample = all.length > 20_000 ? all.slice(0, 10_000) + all.slice(-10_000) : all;
  const ask = lastUser.length > 8_000 ? lastUser.slice(0, 4_000) + lastUser.slice(-4_000) : lastUser;
  const format = request.response_format?.type;
  const effort = request.reasoning?.effort;
  return {
    chars,
    lastUserWords: count(lastUser, /\S+/g),
    turns,
    tools: request.tools?.length ?? 0,
    toolActivity,
    responseFormat: format === 'json_schema' ? 2 : format === 'json_object' ? 1 : 0,
    structuredCues: count(ask, STRUCTURED_CUES),
    codeFences: count(sample, /```/g) >> 1,
    codeLines: codeLines(sample),
    errorReport: ERROR_REPORT.test(sample),
    codeTerms: count(ask, CODE_TERMS),
    codeAsk: CODE_ASK.test(ask),
    reasoningCues: count(ask, REASONING_CUES),
    mathCues: count(shortDigitRuns(ask), MATH_CUES),
    numbers: count(ask, /\b\d+(?:[.,:]\d+)*\b/g),
    constraintCues: count(ask, CONSTRAINT_CUES),
    explainCues: count(ask, EXPLAIN_CUES),
    adviceCues: count(ask, ADVICE_CUES),
    creativeCues: count(ask, CREATIVE_CUES),
    questions: count(ask, /\?/g),
    listItems: count(ask, /^\s*(?:\d+[.)]|[-*•]|\(?[a-z]\))\s+\S/gim),
    media,
    reasoningRequested: effort === 'high' || (request.reasoning?.budget_tokens ?? 0) >= 4_000,
  };
}
