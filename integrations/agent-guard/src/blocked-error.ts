/** The error a block raises under `exitBehavior: 'error'` (and a tool-call block's error tool message). */
import type { EvaluateFailure } from '@portcullis/evaluate-client';

/** Why a guard blocked. */
export type BlockReason =
  /** The service answered `block`. */
  | 'block'
  /** The service answered `ask`: nobody can be asked inside an agent run, so it fails closed. */
  | 'ask'
  /** The service answered `transform` with a payload that cannot be applied safely. */
  | 'unappliable'
  /** No verdict and the rules say block (a bad key, a refusal, an unreadable answer, TLS, or unreachable under fail_closed). */
  | 'fail_closed';

/** What was being evaluated. */
export type GuardStage = 'input' | 'output' | 'tool_results' | 'tool_call';

/** A guardrail block, raised when `exitBehavior` is `error`. Its message never holds the evaluated text or a key. */
export class GuardrailBlockedError extends Error {
  override readonly name = 'GuardrailBlockedError';

  constructor(
    readonly stage: GuardStage,
    readonly reason: BlockReason,
    message: string,
    /** The Activity trace id, when the service answered. */
    readonly traceId?: string,
    /** Why no verdict came, for `fail_closed`. */
    readonly failure?: EvaluateFailure,
  ) {
    super(message);
  }
}
