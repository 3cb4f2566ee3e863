/**
 * What a running Portcullis holds, read through its admin and guardrail APIs, and the name <-> id
 * book built from it that apply and export resolve references with.
 */
import { CliUsageError } from '../../cli/commands.js';
import type { ApiRecord, ConfigApiClient } from './api-client.js';
import { SINGLETON_KINDS } from './gateway-singletons.js';
import { ALL_GATEWAY_KINDS, GUARDRAIL_KINDS, type RecordKind, type References, type RefKind } from './record-kinds.js';

/** One gateway, its records by section, and its singletons (OAuth, Store access) by label. */
export interface LiveGateway {
  record: ApiRecord;
  sections: Map<string, ApiRecord[]>;
  /** Undefined where the gateway has none (no OAuth configured). */
  singletons: Map<string, ApiRecord | undefined>;
}

/** Everything apply and export read from a running Portcullis. */
export interface LiveState {
  gateways: LiveGateway[];
  /** Guardrail collectors and policies by section. */
  guardrail: Map<string, ApiRecord[]>;
}

/**
 * Reads the gateways `wanted` selects (all when omitted) with their records, and the guardrail
 * records unless `withGuardrail` is false (a file without a guardrail section needs no call to
 * the guardrail API).
 */
export async function readLiveState(client: ConfigApiClient, wanted?: (slug: string) => boolean, withGuardrail = true): Promise<LiveState> {
  const gatewayRecords = (await client.listAdmin('/v1/gateways')).filter((g) => !wanted || wanted(String(g.slug)));
  const gateways: LiveGateway[] = [];
  for (const record of gatewayRecords) {
    const sections = new Map<string, ApiRecord[]>();
    for (const kind of ALL_GATEWAY_KINDS) sections.set(kind.section, await client.listAdmin(`/v1/gateways/${record.id}/${kind.collection}`));
    const singletons = new Map<string, ApiRecord | undefined>();
    for (const kind of SINGLETON_KINDS) singletons.set(kind.label, await kind.read(client, record.id));
    gateways.push({ record, sections, singletons });
  }
  const guardrail = new Map<string, ApiRecord[]>();
  if (withGuardrail) for (const kind of GUARDRAIL_KINDS) guardrail.set(kind.section, await client.listGuardrail(`/v1/${kind.collection}`));
  return { gateways, guardrail };
}

/** A stand-in id for the `n`th record the file adds, while its real id is not known yet (distinct, so lists of them stay unique). */
const plannedId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/**
 * Name <-> id for one scope (a gateway, or the guardrail service): the live records, plus the
 * names a file adds (resolved to a stand-in until apply creates them and records their ids).
 */
export class ReferenceBook implements References {
  private readonly ids = new Map<RefKind, Map<string, string>>();
  private readonly names = new Map<RefKind, Map<string, string>>();
  private planned = 0;

  /** Enters the live records of a kind. */
  addLive(kind: RecordKind, records: readonly ApiRecord[]): void {
    if (!kind.refKind) return;
    for (const record of records) this.record(kind.refKind, String(record[kind.key]), record.id);
  }

  /** Enters a name the file adds (its id is not known until it is created). */
  addPlanned(kind: RefKind, name: string): void {
    if (!this.byName(kind).has(name)) this.byName(kind).set(name, plannedId(++this.planned));
  }

  /** Records a name's real id (live, or just created). */
  record(kind: RefKind, name: string, id: string): void {
    this.byName(kind).set(name, id);
    this.byId(kind).set(id, name);
  }

  idOf(kind: RefKind, name: string, path: string): string {
    const id = this.byName(kind).get(name);
    if (!id) throw new CliUsageError(`${path}: no ${kind.replace('_', ' ')} named ${JSON.stringify(name)} in the file or the gateway`);
    return id;
  }

  nameOf(kind: RefKind, id: string): string {
    return this.byId(kind).get(id) ?? id;
  }

  private byName(kind: RefKind): Map<string, string> {
    let map = this.ids.get(kind);
    if (!map) this.ids.set(kind, (map = new Map()));
    return map;
  }

  private byId(kind: RefKind): Map<string, string> {
    let map = this.names.get(kind);
    if (!map) this.names.set(kind, (map = new Map()));
    return map;
  }
}

/** The reference book of a live gateway (or of the guardrail records, with `kinds` the guardrail ones). */
export function bookOf(kinds: readonly RecordKind[], sections: Map<string, ApiRecord[]>): ReferenceBook {
  const book = new ReferenceBook();
  for (const kind of kinds) book.addLive(kind, sections.get(kind.section) ?? []);
  return book;
}
