/**
 * The guardrail service's records as the console reads them (docs/guardrails.md has every
 * field), and the console's names for the spec's statuses and actions (spec 3.1).
 */
import type { RecordBase } from '../../api/records';
import type { JsonSchema } from '../../components/schema-form';

export interface Collector extends RecordBase {
  tenant_id: string;
  name: string;
  type: string;
  description?: string;
}

/** A `tgk_` key as listed: prefix and last four only; `key` is there once, in the create answer. */
export interface CollectorKey extends RecordBase {
  collector_id: string;
  name: string;
  key_prefix: string;
  key_last4: string;
  active: boolean;
  expires_at?: string | null;
  key?: string;
}

export interface CollectorType {
  id: string;
  name: string;
  description: string;
}

export interface CollectorCatalog {
  groups: Array<{ id: string; name: string; types: CollectorType[] }>;
}

export interface DetectorEntry {
  id: string;
  description?: string;
  default_threshold?: number;
  actions: RuleAction[];
  settings_schema: JsonSchema;
}

export type PolicyMode = 'observe' | 'enforce';
export type RuleAction = 'monitor' | 'block' | 'transform';
export type GateAction = 'block' | 'ask' | 'report';
export type Direction = 'input' | 'output' | 'both';

export interface GateCondition {
  field: string;
  op: 'eq' | 'neq' | 'in' | 'not_in' | 'matches' | 'exists';
  value?: unknown;
}

export interface Gate {
  name: string;
  when: GateCondition[];
  action: GateAction;
}

export interface Rule {
  name?: string;
  detector: string;
  direction: Direction;
  action: RuleAction;
  threshold?: number;
  settings?: Record<string, unknown>;
}

export interface ConsumerOverride {
  consumer_id: string;
  mode?: PolicyMode;
  disabled_detectors?: string[];
}

export interface GuardrailPolicy extends RecordBase {
  name: string;
  description?: string;
  mode: PolicyMode;
  enabled: boolean;
  collectors: string[];
  priority: number;
  fail_mode: 'closed' | 'open';
  gates: Gate[];
  rules: Rule[];
  overrides: ConsumerOverride[];
}

/** The console's name of a verdict status or finding action (spec 3.1). */
export const STATUS_NAMES: Record<string, string> = {
  block: 'Block',
  ask: 'Ask',
  transform: 'Transform',
  report: 'Monitor',
  monitor: 'Monitor',
  allow: 'Allow',
  error: 'Error',
};

/** A detector rule's actions by their console names (a rule has no Ask: spec 3.1 rule 2). */
export const RULE_ACTIONS: ReadonlyArray<{ value: RuleAction; label: string }> = [
  { value: 'block', label: 'Block' },
  { value: 'transform', label: 'Transform' },
  { value: 'monitor', label: 'Monitor' },
];

/** A gate's actions by their console names (Report is a gate's Monitor). */
export const GATE_ACTIONS: ReadonlyArray<{ value: GateAction; label: string }> = [
  { value: 'block', label: 'Block' },
  { value: 'ask', label: 'Ask' },
  { value: 'report', label: 'Report' },
];

export const DIRECTIONS: ReadonlyArray<{ value: Direction; label: string }> = [
  { value: 'input', label: 'Input' },
  { value: 'output', label: 'Output' },
  { value: 'both', label: 'Both' },
];

/** The console's name of a status word, or the word itself when it is new. */
export const statusName = (status: string | null | undefined): string => (status ? (STATUS_NAMES[status] ?? status) : '');
