/** Settings of `guardrails`, as validated by schemas/plugins/guardrails.schema.json (defaults applied). */
export interface GuardrailsSettings {
  service_url?: string;
  /** The collector key inline, or a vault credential holding it. */
  key: string | { credential_id: string };
  directions: Array<'input' | 'output'>;
  timeout_ms: number;
  failure_mode: 'fail_open' | 'fail_closed';
  allow_ask: boolean;
  stream_window_chars: number;
}

/** `$id` of the settings schema. */
export const SCHEMA_ID = 'https://portcullis.dev/schemas/plugins/guardrails.schema.json';
