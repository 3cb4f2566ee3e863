/**
 * What an operator should know about a guardrail policy before relying on it, worked out from
 * the record (the API refuses what is invalid; these are valid settings that do little).
 */
import type { GuardrailPolicy } from './guardrail-records';

/** Warnings about a policy, in plain words; empty when it is in force as written. */
export function policyWarnings(policy: GuardrailPolicy): string[] {
  const warnings: string[] = [];
  if (!policy.enabled) warnings.push('The policy is disabled: no evaluation uses it.');
  if (policy.collectors.length === 0) warnings.push('No collector is chosen: the policy applies to no evaluation.');
  if (policy.rules.length === 0 && policy.gates.length === 0) warnings.push('No detector rule and no gate: every evaluation it applies to is allowed.');
  if (policy.mode === 'observe') warnings.push('Observe mode: what fires is recorded as Monitor and nothing is blocked, asked or transformed.');
  return warnings;
}
