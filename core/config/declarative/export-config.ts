/**
 * `export`: the live configuration as a declarative file. Keys follow each kind's field order,
 * records are sorted by slug or name, references are names, and every stored secret is written
 * as a reference named after its record (the API never returns a secret).
 */
import type { ApiRecord } from './api-client.js';
import { GATEWAY_FIELDS, type DeclarativeConfig, type FileRecord, type GatewaySection } from './config-file.js';
import { SINGLETON_KINDS, singletonToFile } from './gateway-singletons.js';
import { bookOf, type LiveGateway, type LiveState } from './live-state.js';
import { GATEWAY_KINDS, GUARDRAIL_KINDS, STORE_KINDS, toFileRecord, type RecordKind, type References } from './record-kinds.js';

const byKey = (kind: RecordKind) => (a: ApiRecord, b: ApiRecord) => String(a[kind.key]).localeCompare(String(b[kind.key]), 'en');

function section(kind: RecordKind, records: readonly ApiRecord[], refs: References, owner: string[]): FileRecord[] {
  return [...records].sort(byKey(kind)).map((record) => toFileRecord(kind, record, refs, owner));
}

/**
 * A gateway's `oauth` and `store` in file form (each left out when the gateway has nothing of
 * it). A singleton lands at its file path: `oauth`, or `access` inside `store`.
 */
function gatewayMappings(gateway: LiveGateway, refs: References): Record<string, FileRecord> {
  const slug = String(gateway.record.slug);
  const store: FileRecord = {};
  for (const kind of STORE_KINDS) {
    const records = gateway.sections.get(kind.section) ?? [];
    if (records.length) store[kind.section] = section(kind, records, refs, [slug]);
  }
  const out: Record<string, FileRecord> = {};
  for (const kind of SINGLETON_KINDS) {
    const stored = gateway.singletons.get(kind.label);
    if (!kind.exists(stored)) continue;
    const [first, inner] = kind.filePath;
    if (first === 'store' && inner) store[inner] = singletonToFile(kind, stored, slug);
    else out[first!] = singletonToFile(kind, stored, slug);
  }
  if (Object.keys(store).length) out.store = store;
  return out;
}

/**
 * The file form of a live state. With `onlyGateway`, the guardrail section keeps the records of
 * that gateway's tenant.
 */
export function exportConfig(live: LiveState, onlyGateway?: string): DeclarativeConfig {
  const gateways: GatewaySection[] = [];
  for (const gateway of [...live.gateways].sort((a, b) => String(a.record.slug).localeCompare(String(b.record.slug), 'en'))) {
    const out: Record<string, unknown> = {};
    for (const field of GATEWAY_FIELDS) if (gateway.record[field] !== undefined) out[field] = gateway.record[field];
    const refs = bookOf(GATEWAY_KINDS, gateway.sections);
    for (const kind of GATEWAY_KINDS) {
      const records = gateway.sections.get(kind.section) ?? [];
      if (records.length) out[kind.section] = section(kind, records, refs, [String(gateway.record.slug)]);
    }
    Object.assign(out, gatewayMappings(gateway, refs));
    gateways.push(out as GatewaySection);
  }
  const tenant = onlyGateway ? live.gateways[0]?.record.tenant_id : undefined;
  const guardrailRefs = bookOf(GUARDRAIL_KINDS, live.guardrail);
  const guardrail: Record<string, FileRecord[]> = {};
  for (const kind of GUARDRAIL_KINDS) {
    const records = (live.guardrail.get(kind.section) ?? []).filter((r) => !onlyGateway || r.tenant_id === tenant);
    if (records.length) guardrail[kind.section] = section(kind, records, guardrailRefs, ['guardrail', kind.section === 'collectors' ? 'collector' : 'policy']);
  }
  const config: DeclarativeConfig = { version: 1 };
  if (gateways.length) config.gateways = gateways;
  if (Object.keys(guardrail).length) config.guardrail = guardrail;
  return config;
}
