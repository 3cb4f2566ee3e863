/**
 * `@portcullis/langchain`: Portcullis guardrails for LangChain.js v1 agents, as agent middleware.
 *
 * ```ts
 * import { createAgent } from 'langchain';
 * import { portcullisMiddleware } from '@portcullis/langchain';
 * const agent = createAgent({ model, tools, middleware: [portcullisMiddleware({ apiBase, collectorKey })] });
 * ```
 */
export { portcullisMiddleware, type PortcullisMiddlewareOptions } from './portcullis-middleware.js';
export { fromGuardMessage, toGuardMessage } from './messages.js';
export { GuardrailBlockedError, DEFAULT_BLOCKED_MESSAGE, type ExitBehavior, type PayloadTool } from '@portcullis/agent-guard';
export { EvaluateClientConfigError } from '@portcullis/evaluate-client';
