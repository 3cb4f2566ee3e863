/**
 * The plugin face of Portcullis (`portcullis/plugin`): everything a plugin, detector or wire
 * format may use, and nothing else. Third-party plugins import only this module (and
 * `portcullis/testing` in their tests); what is not exported here is core-internal and may
 * change without notice. The plugin API version is `CORE_API_VERSION`; a plugin's `coreApi`
 * range must include it.
 */

// Plugin definitions, the kit handed to `setup`, and the hooks it taps.
export {
  definePlugin,
  CORE_API_VERSION,
  type Category,
  type PluginDefinition,
  type PluginHooks,
  type PluginKit,
  type SettingsReference,
  type Stage,
  type TapOptions,
} from './types.js';
export { STAGE } from '../pipeline/stages.js';

// The hooks' argument and return types.
export type { AttemptDecision, CacheKey, CacheKeyParts, HookName, ProviderRequest, StreamPolicy, StreamVerdict, StreamWindow } from '../pipeline/hooks.js';
export type { Attempt, Exchange, ExchangeFinding, IncomingRequest, Operation, Outcome, RoutePlan, RouteTarget, RoutingPressure } from '../pipeline/exchange.js';
export type { ClientSignal } from '../pipeline/client-signal.js';
export type { ConsumerView, Principal } from '../snapshot/views.js';
// The MCP plane's tools, calls and results (the MCP hooks) and the kit's tool service.
export type { McpToolCall, McpToolEntry, McpToolResult, McpToolService } from '../mcp/toolkit-types.js';

// Expected refusals (`kit.reject`) and the errors behind them.
export { Rejection, type RejectDetail } from '../pipeline/rejection.js';
export { ERROR_CODES, type ErrorCode, type ErrorCodeSpec } from '../errors/codes.js';
export { GatewayError, type ErrorSource, type GatewayErrorOptions } from '../errors/gateway-error.js';

// Kit services.
export { CounterUnavailableError, type CounterAddResult, type CounterStore } from './counters.js';
export type { Logger } from '../logging/logger.js';
export { egressFetch } from '../http/egress-dispatcher.js';
export { AnswerTooLarge, readAtMost, readResponseAtMost, readResponseText, type BoundedText } from '../http/bounded-read.js';
export { priceFor, type ModelPrice } from '../providers/prices.js';
export { ObjectSlot } from '../runtime/object-slot.js';

// Guardrail detectors.
export {
  defineDetector,
  SegmentMemo,
  preparedText,
  foldForMatching,
  type PreparedText,
  type Detector,
  type DetectorDefinition,
  type DetectorHit,
  type InspectAttachment,
  type InspectionRequest,
  type InspectSegment,
  type Redaction,
  type SegmentSource,
} from '../guardrail/detector.js';

// The canonical model and wire-format definitions.
export * from '../canonical/index.js';

// Regular expressions a tenant writes, run in linear time (settings use the `linear-regex` format).
export { compileLinearRegex, linearRegexRefusal, type LinearRegex } from '../security/linear-regex.js';

// The kit's services: registries (endpoints, routing candidates) and the guardrail service.
export type { RegistryEndpoint, RegistryService, RouteCandidate } from './registry-service.js';
export { DEFAULT_GUARDRAIL_URL, type GuardrailService } from './guardrail-service.js';
export type { EvaluateAnswer, EvaluateExchange, InProcessEvaluator } from '../guardrail/in-process.js';
export type { GatewayView, RegistryView, RoleView } from '../snapshot/views.js';
export type { Capability, ProviderEntry } from '../providers/types.js';
// Counter modes: a limiter's `counter_sync` setting applied to `kit.counters`.
export { countersFor, type CounterSyncSettings } from '../counters/counter-mode.js';
// The largest request body the planes read by default (bytes).
export { DEFAULT_BODY_LIMIT } from '../http/read-body.js';
// JSON paths into a payload.
export { isObject, setValueAt, valueAt, type Json, type JsonPath } from '../guardrail/payload/json-path.js';
// A plugin's own data files (model weights, word lists), from the sources and from dist/.
export { pluginDataFile } from './data-files.js';
// Grouping values under a key in place (a map of lists).
export { appendTo } from '../collections/map-of-lists.js';

// Settings types generated from the built-in plugins' schemas.
export type * from '../generated/plugins-cache.js';
export type * from '../generated/plugins-data-loss-prevention.js';
export type * from '../generated/plugins-doc-analyzer.js';
export type * from '../generated/plugins-guardrails.js';
export type * from '../generated/plugins-indirect-prompt-injection.js';
export type * from '../generated/plugins-prompt-guard.js';
export type * from '../generated/plugins-rate-limiter.js';
export type * from '../generated/plugins-request-size-limiter.js';
export type * from '../generated/plugins-routing.js';
export type * from '../generated/plugins-token-rate-limiter.js';
export type * from '../generated/plugins-tool-governance.js';
export type * from '../generated/plugins-tool-injection.js';
export type * from '../generated/plugins-tool-rate-limiter.js';
export type * from '../generated/plugins-topic-keyword-moderation.js';
export type * from '../generated/plugins-toxicity.js';
export type * from '../generated/plugins-url-analyzer.js';
