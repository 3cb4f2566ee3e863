/**
 * A small scorer of instruction-like text, used only on text a human reader cannot see (hidden
 * runs, comments, smuggled Unicode) and on metadata. Hidden text that talks to an AI ("ignore
 * previous instructions", "in your response", "do not tell the user") is a strong signal there,
 * even though the same words in visible text would be ordinary. Cues are combined by noisy-or.
 * This is no substitute for prompt_guard, which should read the extracted text as well.
 */

export interface Cue {
  name: string;
  weight: number;
  pattern: RegExp;
}

export const CUES: Cue[] = [
  {
    name: 'override',
    weight: 0.9,
    pattern: /\b(ignore|disregard|forget|override|bypass|skip|drop)\b[^.\n]{0,40}\b(previous|prior|above|earlier|preceding|all|any|your|the|these|those|system|original)\b[^.\n]{0,30}\b(instructions?|directions?|rules|guidelines|prompts?|context|messages?|constraints|polic(y|ies)|guardrails)\b/i,
  },
  { name: 'conceal_from_user', weight: 0.85, pattern: /\b(do not|don't|never|without)\b[^.\n]{0,20}\b(tell|telling|mention|mentioning|reveal|revealing|inform|informing|alert|alerting|show|showing|notify|notifying)\b[^.\n]{0,15}\b(the )?(user|human|reader|recipient|customer|operator)s?\b/i },
  { name: 'new_instructions', weight: 0.7, pattern: /\b(new|updated|real|actual|secret|hidden|additional|important|urgent)\b[^.\n]{0,12}\b(system )?(instructions?|task|directive|orders?)\b\s*[:!-]/i },
  { name: 'chat_markup', weight: 0.8, pattern: /<\|im_start\|>|<\|im_end\|>|<\|(system|user|assistant)\|>|\[\/?INST\]|<<\/?SYS>>|<\/?(system|assistant)>|^#{2,}\s*(instruction|system|response)\b/im },
  { name: 'system_prompt', weight: 0.4, pattern: /\b(system prompt|system message|developer mode|DAN mode)\b/i },
  { name: 'addresses_output', weight: 0.6, pattern: /\b(in|into|to|within|throughout|at the (end|start|beginning) of|(part|component|portion|piece) of)\s+your\s+(response|answer|reply|output|summary|responses|answers|replies|message|code|solution|implementation|codebase|translation|program|script|project)\b/i },
  { name: 'your_output', weight: 0.35, pattern: /\byour\s+(response|answer|reply|output|summary|responses|answers|replies)\b/i },
  { name: 'addresses_ai', weight: 0.45, pattern: /\b(dear |attention,? |note to (the )?|hey )?(ai|a\.i\.|assistant|chatbot|llm|language model|ai model|ai agent|gpt|claude|gemini|copilot)\b\s*[,:!]|\b(as an|you are an?|you're an?)\s+(ai|assistant|language model|llm)\b/i },
  { name: 'role_change', weight: 0.45, pattern: /\b(you are now|from now on|act as|pretend (to be|you are)|role-?play as|you must now|switch to)\b/i },
  { name: 'respond_with', weight: 0.35, pattern: /\b(respond|reply|answer|output|print|say|write|begin|start)\b( only)?\s+(with|by saying|in (all )?caps|in (french|spanish|german|pirate))\b/i },
  { name: 'exfiltrate', weight: 0.7, pattern: /\b(send|post|upload|forward|exfiltrate|email|transmit|leak|submit)\b[^.\n]{0,40}\b(conversation|chat|history|credentials?|passwords?|api keys?|keys|secrets?|tokens?|cookies?|personal data|data|files?|everything)\b[^.\n]{0,30}\b(to|at|via)\b/i },
  { name: 'follow_link', weight: 0.45, pattern: /\b(visit|go to|click|download|navigate to|open|direct(ing)? (users|readers|them) to)\b[^.\n]{0,40}(https?:\/\/|www\.|\b[\w-]+\.(com|net|org|xyz|io)\b)/i },
  { name: 'evaluation_bias', weight: 0.6, pattern: /\b(rate|score|rank|evaluate|recommend|hire|approve|accept|select|shortlist|grade)\b[^.\n]{0,25}\b(this|the)\s+(candidate|applicant|resume|cv|paper|submission|document|product|vendor|proposal|application|student|essay)\b|\b(most|highly|best|ideal|perfect|exceptionally)\s+(qualified|suited|recommended)\b/i },
  { name: 'inject_code', weight: 0.7, pattern: /\b(utilize|use|incorporate|append|add|include|meld|integrate|insert|embed|paste|enlist|adopt|deploy|fuse|merge|apply|employ|implement|run|execute)\b[^.\n]{0,30}\b(following|subsequent|below|this)\s+(code|snippet|script|command|excerpt|block)\b/i },
  { name: 'following_code', weight: 0.45, pattern: /\b(following|subsequent|below)\s+(code|python|javascript|shell|bash)\s*(block|section|excerpt|snippet|segment|fragment|piece|lines?)?\b/i },
  { name: 'code_sends_data', weight: 0.35, pattern: /\b(requests\.(post|get|put)|urllib\.request|socket\.(socket|connect)|smtplib|subprocess\.|os\.environ|curl\s|wget\s|fetch\(|XMLHttpRequest)/ },
  // The next two begin a sentence: at the start, after `.`, `!` or `?` and white space, or after
  // a line break and white space. The last line break of a run is the one read (white space
  // but line breaks after it), so a long run of line breaks is not read again from each of them:
  // the same texts match as with `[.!?\n]\s*`, in linear time.
  { name: 'question', weight: 0.3, pattern: /(^|[.!?]\s*|\n[^\S\n]*)(what|who|whom|how|why|when|where|which|can you|could you|would you|is it|are there|do you|does|is there)\b[^?\n]{3,200}\?/i },
  { name: 'imperative_to_reader', weight: 0.3, pattern: /(^|[.!?]\s*|\n[^\S\n]*)(please\s+)?(add|include|insert|append|replace|rewrite|translate|summari[sz]e|respond|reply|output|print|mention|tell|recommend|rate|rank|describe|explain|provide|integrate|use|remove|introduce|rearrange|misspell|group|encourage|emphasi[sz]e|modify|answer|write|give|list|state|repeat|draft|compose|develop|create|generate|break down|outline|discuss|compare|define|calculate|solve|show|teach|suggest|convert|enlist|adopt|deploy|utili[sz]e|incorporate)\b/i },
  { name: 'must', weight: 0.25, pattern: /\b(you must|you should|you need to|make sure (to|you)|be sure to|always|never)\b/i },
];

/** An instruction score and the cues behind it. */
export interface InstructionScore {
  score: number;
  cues: string[];
}

/** Scores how much a text reads like instructions addressed to an AI, 0..1. */
export function scoreInstructions(text: string): InstructionScore {
  const sample = text.length > 20_000 ? text.slice(0, 20_000) : text;
  let miss = 1;
  const cues: string[] = [];
  for (const cue of CUES) {
    if (cue.pattern.test(sample)) {
      miss *= 1 - cue.weight;
      cues.push(cue.name);
    }
  }
  return { score: Math.round((1 - miss) * 100) / 100, cues };
}
