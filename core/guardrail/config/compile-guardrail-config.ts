/**
 * Compiles the guardrail section of a ConfigDocument once per snapshot: gates with their
 * regular expressions, detector rules with instances from `create(settings)`, per-consumer
 * overrides, and for each collector the policy that applies to it.
 */
import type { Logger } from '../../logging/logger.js';
import type { PluginHost } from '../../plugin/host.js';
import type { Detector } from '../detector.js';
import type { ConfigDocument } from '../../snapshot/config-document.js';
import { compileCondition } from '../evaluation/gate-conditions.js';
import type { CompiledCollector, CompiledGate, CompiledKey, CompiledPolicy, CompiledRule, GuardrailConfig } from './compiled-config.js';
import { detectorInstance } from './detector-instances.js';
import { GUARDRAIL_COLLECTIONS, type CollectorKeyRecord, type CollectorRecord, type GuardrailPolicyRecord, type RuleSpec } from './records.js';

/** What compiling needs beyond the document: the plugin host (detectors) and a logger. */
export interface GuardrailCompileContext {
  host?: PluginHost;
  log?: Logger;
}

function compileRule(spec: RuleSpec, index: number, host: PluginHost | undefined): CompiledRule {
  const base = {
    index,
    name: spec.name ?? spec.detector,
    detectorId: spec.detector,
    direction: spec.direction,
    action: spec.action,
    settings: {},
  };
  const definition = host?.detectors.get(spec.detector);
  if (!definition) return { ...base, threshold: spec.threshold ?? 0.5, broken: `detector ${spec.detector} is not loaded` };
  const threshold = spec.threshold ?? definition.defaultThreshold;
  try {
    const settings = host!.validateSettings(spec.detector, spec.settings ?? {}, `/rules/${index}/settings`);
    return { ...base, threshold, settings, definition, instance: detectorInstance(definition, settings) };
  } catch (err) {
    return { ...base, threshold, definition, broken: (err as Error).message };
  }
}

function compileGates(record: GuardrailPolicyRecord): CompiledGate[] {
  return (record.gates ?? []).flatMap((gate) => {
    try {
      return [{ name: gate.name, action: gate.action, conditions: gate.when.map(compileCondition) }];
    } catch {
      // Written conditions were checked; one that no longer compiles must not fire by accident.
      return [];
    }
  });
}

/**
 * The policy's document extractor: its own rule's instance of a detector that extracts
 * attachments (so the rule's limits apply), else that detector with default settings.
 */
function extractorFor(rules: CompiledRule[], host: PluginHost | undefined): Detector | undefined {
  const own = rules.find((r) => !r.broken && r.instance?.extractSegments)?.instance;
  if (own || !host) return own;
  for (const definition of host.detectors.values()) {
    try {
      const instance = detectorInstance(definition, host.validateSettings(definition.name, {}));
      if (instance.extractSegments) return instance;
    } catch {
      // A detector whose defaults do not validate offers no extraction.
    }
  }
  return undefined;
}

/** Compiles one stored policy. */
function compilePolicy(record: GuardrailPolicyRecord, host: PluginHost | undefined): CompiledPolicy {
  const rules = (record.rules ?? []).map((rule, i) => compileRule(rule, i, host));
  return {
    id: record._id,
    name: record.name,
    mode: record.mode ?? 'enforce',
    failMode: record.fail_mode ?? 'closed',
    gates: compileGates(record),
    rules,
    overrides: new Map((record.overrides ?? []).map((o) => [o.consumer_id, o])),
    extractor: extractorFor(rules, host),
    record,
  };
}

/** Higher priority first; ties go to the older policy, then the smaller id (deterministic). */
function byPrecedence(a: GuardrailPolicyRecord, b: GuardrailPolicyRecord): number {
  return (b.priority ?? 0) - (a.priority ?? 0) || String(a.created_at).localeCompare(String(b.created_at)) || a._id.localeCompare(b._id);
}

/** The guardrail config of a document. */
export function compileGuardrailConfig(document: ConfigDocument, context: GuardrailCompileContext = {}): GuardrailConfig {
  const section = (name: string) => (document.extensions?.[name] ?? []) as unknown[];
  const collectorRecords = section(GUARDRAIL_COLLECTIONS.collectors) as CollectorRecord[];
  const keyRecords = section(GUARDRAIL_COLLECTIONS.collectorKeys) as CollectorKeyRecord[];
  const policyRecords = (section(GUARDRAIL_COLLECTIONS.policies) as GuardrailPolicyRecord[]).filter((p) => p.enabled !== false).sort(byPrecedence);
  if (!context.host && policyRecords.length) context.log?.error('guardrail policies compiled without a plugin host: their detector rules cannot run');

  const compiledPolicies = new Map<string, CompiledPolicy>();
  const policyFor = (record: GuardrailPolicyRecord) => {
    let compiled = compiledPolicies.get(record._id);
    if (!compiled) compiledPolicies.set(record._id, (compiled = compilePolicy(record, context.host)));
    return compiled;
  };

  const collectors = new Map<string, CompiledCollector>();
  for (const record of collectorRecords) {
    const applies = policyRecords.find((p) => p.tenant_id === record.tenant_id && (p.collectors ?? []).includes(record._id));
    collectors.set(record._id, {
      id: record._id,
      tenantId: record.tenant_id,
      name: record.name,
      type: record.type,
      policy: applies ? policyFor(applies) : undefined,
    });
  }

  const keysByHash = new Map<string, CompiledKey>();
  for (const key of keyRecords) {
    const collector = collectors.get(key.collector_id);
    if (!collector) continue;
    const expiresAt = key.expires_at ? Date.parse(key.expires_at) : undefined;
    keysByHash.set(key.key_hash, { record: key, collector, expiresAt: Number.isNaN(expiresAt) ? undefined : expiresAt });
  }
  return { revision: document.revision, keysByHash, collectors };
}
