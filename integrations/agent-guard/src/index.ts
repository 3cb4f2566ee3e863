/**
 * `@portcullis/agent-guard`: the framework-independent part of Portcullis's agent-framework
 * middleware (spec 4.5): settings with their defaults and environment fallbacks, evaluate bodies
 * built from a conversation, verdicts applied (a `transformed_payload` only when it is safe), and
 * the exit behaviours' message rules. The LangChain.js and AI SDK adapters are thin layers on it.
 */
export { AgentGuard, type GuardCallContext, type GuardDecision } from './agent-guard.js';
export { type BlockReason, GuardrailBlockedError, type GuardStage } from './blocked-error.js';
export { currentTurnStart, replacedMessage } from './exit-behavior.js';
export { type GuardMessage, type GuardToolCall, withTexts } from './guard-message.js';
export { applyInputTransform, applyOutputTransform, inputPayload, outputPayload, UnappliablePayload, wireMessage } from './payload.js';
export { type AgentGuardOptions, DEFAULT_BLOCKED_MESSAGE, type ExitBehavior, GUARD_ENVIRONMENT, type GuardSettings, type PayloadTool, resolveGuardSettings } from './settings.js';
