/**
 * Recognises two kinds of upstream refusal from the providers' own error answers, so the
 * fallback chain can react to them: a prompt longer than the model's context window, and a
 * content-filter (safety policy) refusal. Each pattern is a message or code a provider documents
 * or is known to send.
 */

/** Error codes that name a context-length failure (OpenAI, Azure OpenAI, OpenAI-compatible servers). */
const CONTEXT_CODES = new Set(['context_length_exceeded', 'string_above_max_length', 'model_max_prompt_tokens_exceeded']);

const CONTEXT_MESSAGES: readonly RegExp[] = [
  // OpenAI, Azure OpenAI, vLLM: "This model's maximum context length is 8192 tokens. However, ..."
  /maximum context length/i,
  // vLLM, OpenRouter, Together: "... is longer than the model's context length", "exceeds the context window"
  /(?:context|context[_ ]window)[_ ]length/i,
  /exceeds? (?:the |its |model'?s? )*(?:maximum )?context(?: window)?/i,
  /context window/i,
  // Anthropic: "prompt is too long: 208000 tokens > 200000 maximum"
  /prompt is too long/i,
  // Gemini: "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."
  /input token count.*exceeds the maximum/i,
  // Cohere: "too many tokens: total number of tokens in the prompt cannot exceed 4081"
  /too many tokens/i,
  // Mistral: "Prompt contains 40000 tokens ... too large for model with 32768 maximum context length"
  /too large for model with \d+ maximum/i,
  // Groq and others: "Please reduce the length of the messages or completion."
  /reduce the length of the (?:messages|prompt|input)/i,
];

/** Whether an upstream error says the prompt does not fit the model's context window. */
export function isContextLengthError(status: number, message: string, code?: string): boolean {
  if (code && CONTEXT_CODES.has(code)) return true;
  if (status !== 400 && status !== 413 && status !== 422) return false;
  return CONTEXT_MESSAGES.some((pattern) => pattern.test(message));
}

/** Error codes of content-policy refusals (Azure OpenAI `content_filter`, OpenAI `content_policy_violation`). */
const FILTER_CODES = new Set(['content_filter', 'content_policy_violation', 'responsible_ai_policy_violation', 'safety', 'prohibited_content']);

const FILTER_MESSAGES: readonly RegExp[] = [
  // Azure OpenAI: "The response was filtered due to the prompt triggering Azure OpenAI's content management policy."
  /content management policy/i,
  /content[_ ]filter/i,
  // OpenAI: "Your request was rejected as a result of our safety system."
  /rejected (?:as a result of|by) (?:our|the) safety system/i,
  /content policy/i,
  // Gemini / Vertex: "... blocked due to SAFETY", "PROHIBITED_CONTENT"
  /blocked (?:due to|because of|for) (?:safety|prohibited)/i,
  /prohibited[_ ]content/i,
];

/** Whether an upstream error is a content-filter refusal of the prompt or the answer. */
export function isContentFilterError(status: number, message: string, code?: string): boolean {
  if (code && FILTER_CODES.has(code.toLowerCase())) return true;
  if (status !== 400 && status !== 403 && status !== 422) return false;
  return FILTER_MESSAGES.some((pattern) => pattern.test(message));
}
