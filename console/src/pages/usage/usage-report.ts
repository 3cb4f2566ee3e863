/** The answer of `GET /v1/gateways/{id}/usage` (schemas/api/admin/usage-report.schema.json). */

export interface UsageCounters {
  requests: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
}

export interface UsageReport {
  gateway_id: string;
  from: string;
  to: string;
  interval: 'hour' | 'day';
  group_by: 'consumer' | 'model' | 'registry';
  buckets: string[];
  groups: Array<UsageCounters & { key: string; points: UsageCounters[] }>;
  totals: UsageCounters;
  truncated: boolean;
}
