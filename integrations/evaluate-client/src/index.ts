/**
 * `@portcullis/evaluate-client`: calls a Portcullis guardrail service's `POST /v1/evaluate`
 * under the collector-side rules every integration shares (timeout, retries with backoff and
 * `Retry-After`, fail-open only when the service is unreachable).
 */
export { EvaluateClient, type EvaluateResult } from './evaluate-client.js';
export { EvaluateFailure, type FailureKind } from './evaluate-failure.js';
export { retryAfterMs } from './retry-after.js';
export { ENVIRONMENT, EvaluateClientConfigError, resolveSettings, type ClientSettings, type EvaluateClientOptions, type UnreachableFallback } from './settings.js';
export { VERDICTS, type EvaluateAnswer, type EvaluateRequest, type Finding, type Verdict } from './wire-types.js';
