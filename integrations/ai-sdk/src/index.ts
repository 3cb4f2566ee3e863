/**
 * `@portcullis/ai-sdk`: Portcullis guardrails for the AI SDK, as a language-model middleware.
 *
 * ```ts
 * import { generateText, wrapLanguageModel } from 'ai';
 * import { createPortcullis } from '@portcullis/ai-sdk';
 * const portcullis = createPortcullis({ apiBase, collectorKey, checkToolCalls: true });
 * const guarded = wrapLanguageModel({ model, middleware: portcullis.middleware });
 * await generateText({ model: guarded, tools: portcullis.guardTools(tools), prompt });
 * ```
 */
export { createPortcullis, type Portcullis, portcullisMiddleware, type PortcullisMiddlewareOptions } from './portcullis-middleware.js';
export { contentToGuard, guardToContent, guardToPrompt, promptToGuard } from './prompt-messages.js';
export { GuardrailBlockedError, DEFAULT_BLOCKED_MESSAGE, type ExitBehavior, type PayloadTool } from '@portcullis/agent-guard';
export { EvaluateClientConfigError } from '@portcullis/evaluate-client';
