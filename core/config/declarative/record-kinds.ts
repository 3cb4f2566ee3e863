/**
 * The record kinds a declarative file manages, each described once: where the API keeps it, the
 * field that names it in the file (slug or name), the admin API schemas its body must pass, the
 * file's key order, and the few fields that differ between the file and the API (references by
 * name instead of id, secret references instead of values, attachments made by their own calls).
 */
import { CliUsageError } from '../../cli/commands.js';
import type { ApiRecord } from './api-client.js';
import type { FileRecord } from './config-file.js';
import { expectSecretReference, placeholderReference } from './secret-reference.js';

/** Kinds other records refer to by name. */
export type RefKind = 'vault_credential' | 'registry' | 'policy' | 'auth' | 'role' | 'collector';

/** Name <-> id for the records of one gateway (or of the guardrail service). */
export interface References {
  /** The id of a named record; refuses a name that neither the file nor the gateway holds. */
  idOf(kind: RefKind, name: string, path: string): string;
  /** The name of a record by id (export); the id itself when the record is gone. */
  nameOf(kind: RefKind, id: string): string;
}

/** Turns a secret reference into the value sent (or a stand-in while validating). */
export type SecretValue = (reference: unknown, path: string) => string;

/** A field whose file form differs from its API form (references by name, secrets by reference). */
interface FieldMapping {
  /** A write-only field the API never returns: export writes its file form all the same. */
  writeOnly?: true;
  toApi(value: unknown, refs: References, secret: SecretValue, path: string): unknown;
  toFile(value: unknown, refs: References, owner: string[]): unknown;
}

/** A consumer attachment (auths, policies, roles): a set of names the file lists, attached by PUT/DELETE. */
export interface Attachment {
  refKind: RefKind;
  /** The consumer record's id list (`auth_ids`). */
  recordField: string;
  /** The attach path segment (`auths` in `/consumers/{id}/auths/{auth_id}`). */
  segment: string;
}

/** How one kind of record is managed: its API collection, schemas, file key and field mappings. */
export interface RecordKind {
  /** The word the diff prints (`registry`). */
  label: string;
  /** The gateway section or guardrail section holding it. */
  section: string;
  /** The gateway mapping the section sits in (`store` for `gateways[].store.servers`); none: the gateway itself. */
  parent?: 'store';
  key: 'slug' | 'name' | 'code';
  /** The field naming one record in its API path (`/servers/{code}`); `id` unless said. */
  pathKey?: 'code';
  refKind?: RefKind;
  plane: 'admin' | 'guardrail';
  /** The collection path (`registries`, relative to the gateway for admin kinds). */
  collection: string;
  createSchema: string;
  updateSchema: string;
  /** The file's key order; fields the API returns outside it are not exported. */
  fields: readonly string[];
  /** Fields the API refuses on create: apply sends them by an update right after it. */
  updateOnly?: readonly string[];
  attachments?: Record<string, Attachment>;
  mappings?: Record<string, FieldMapping>;
}

const ADMIN = 'https://portcullis.dev/schemas/api/admin/';
const GUARDRAIL = 'https://portcullis.dev/schemas/api/guardrail/';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function expectList(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new CliUsageError(`${path} must be a list`);
  return value;
}

/** A list of names <-> a list of ids. */
const nameList = (kind: RefKind): FieldMapping => ({
  toApi: (value, refs, _s, path) =>
    expectList(value, path).map((name, i) => {
      if (typeof name !== 'string') throw new CliUsageError(`${path}/${i} must be a name`);
      return refs.idOf(kind, name, `${path}/${i}`);
    }),
  toFile: (value, refs) => (value as string[]).map((id) => refs.nameOf(kind, id)),
});

/** A list of objects whose `registry` (file) is `registry_id` (API). */
const registryItems: FieldMapping = {
  toApi: (value, refs, _s, path) =>
    expectList(value, path).map((item, i) => {
      if (!isObject(item)) return item;
      const { registry, ...rest } = item;
      if (registry === undefined) return item;
      if (typeof registry !== 'string') throw new CliUsageError(`${path}/${i}/registry must be a registry slug`);
      return { registry_id: refs.idOf('registry', registry, `${path}/${i}/registry`), ...rest };
    }),
  toFile: (value, refs) =>
    (value as Array<Record<string, unknown>>).map(({ registry_id, ...rest }) => ({ registry: refs.nameOf('registry', registry_id as string), ...rest })),
};

/**
 * A registry's upstream auth: `api_key` a secret reference, `credential` a vault credential name,
 * and the per-user sign-in `oauth` whose `client_secret` is a secret reference too.
 */
const registryAuth: FieldMapping = {
  toApi(value, refs, secret, path) {
    if (!isObject(value)) return value;
    const { api_key, credential, oauth, ...rest } = value;
    const body: Record<string, unknown> = {};
    if (api_key !== undefined) body.api_key = secret(api_key, `${path}/api_key`);
    if (credential !== undefined) {
      if (typeof credential !== 'string') throw new CliUsageError(`${path}/credential must be a vault credential name`);
      body.credential_id = refs.idOf('vault_credential', credential, `${path}/credential`);
    }
    if (isObject(oauth) && oauth.client_secret !== undefined) body.oauth = { ...oauth, client_secret: secret(oauth.client_secret, `${path}/oauth/client_secret`) };
    else if (oauth !== undefined) body.oauth = oauth;
    return { ...body, ...rest };
  },
  toFile(value, refs, owner) {
    const { has_api_key, credential_id, header, oauth } = value as { has_api_key?: boolean; credential_id?: string; header?: string; oauth?: Record<string, unknown> };
    let fileOAuth: Record<string, unknown> | undefined;
    if (oauth) {
      const { has_client_secret, ...fields } = oauth;
      fileOAuth = dropUndefined({ ...fields, client_secret: has_client_secret ? placeholderReference(...owner, 'oauth', 'client_secret') : undefined });
    }
    return dropUndefined({
      api_key: has_api_key ? placeholderReference(...owner, 'api_key') : undefined,
      credential: credential_id ? refs.nameOf('vault_credential', credential_id) : undefined,
      header,
      oauth: fileOAuth,
    });
  },
};

/** A vault credential's secret: a reference in the file, never returned by the API. */
const vaultSecret: FieldMapping = {
  writeOnly: true,
  toApi: (value, _r, secret, path) => secret(value, path),
  toFile: (_v, _r, owner) => placeholderReference(...owner, 'secret'),
};

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/** Every kind, in the order apply creates them (a kind refers only to kinds before it). */
export const RECORD_KINDS: readonly RecordKind[] = [
  {
    label: 'vault credential', section: 'vault_credentials', key: 'name', refKind: 'vault_credential', plane: 'admin', collection: 'vault-credentials',
    createSchema: `${ADMIN}vault-credential-create.schema.json`, updateSchema: `${ADMIN}vault-credential-update.schema.json`,
    fields: ['name', 'description', 'secret'],
    mappings: { secret: vaultSecret },
  },
  {
    label: 'registry', section: 'registries', key: 'slug', refKind: 'registry', plane: 'admin', collection: 'registries',
    createSchema: `${ADMIN}registry-create.schema.json`, updateSchema: `${ADMIN}registry-update.schema.json`,
    fields: ['slug', 'name', 'type', 'provider', 'base_url', 'auth', 'options', 'models', 'capabilities', 'health_check', 'circuit_breaker'],
    mappings: { auth: registryAuth },
  },
  {
    label: 'policy', section: 'policies', key: 'slug', refKind: 'policy', plane: 'admin', collection: 'policies',
    createSchema: `${ADMIN}policy-create.schema.json`, updateSchema: `${ADMIN}policy-update.schema.json`,
    fields: ['slug', 'name', 'type', 'enabled', 'global', 'priority', 'parallel', 'stages', 'settings'],
  },
  {
    label: 'auth', section: 'auths', key: 'name', refKind: 'auth', plane: 'admin', collection: 'auths',
    createSchema: `${ADMIN}auth-create.schema.json`, updateSchema: `${ADMIN}auth-update.schema.json`,
    fields: ['name', 'type', 'oidc'],
  },
  {
    label: 'role', section: 'roles', key: 'name', refKind: 'role', plane: 'admin', collection: 'roles',
    createSchema: `${ADMIN}role-create.schema.json`, updateSchema: `${ADMIN}role-update.schema.json`,
    fields: ['name', 'match', 'registries', 'model_policies', 'tool_sets'],
    updateOnly: ['model_policies'],
    mappings: { registries: nameList('registry'), model_policies: registryItems, tool_sets: registryItems },
  },
  {
    label: 'consumer', section: 'consumers', key: 'slug', plane: 'admin', collection: 'consumers',
    createSchema: `${ADMIN}consumer-create.schema.json`, updateSchema: `${ADMIN}consumer-update.schema.json`,
    fields: ['slug', 'name', 'routing_mode', 'registries', 'model_policies', 'load_balancing', 'fallback', 'pools', 'retry', 'timeouts', 'tools', 'tags', 'auths', 'policies', 'roles'],
    mappings: { registries: registryItems, model_policies: registryItems },
    attachments: {
      auths: { refKind: 'auth', recordField: 'auth_ids', segment: 'auths' },
      policies: { refKind: 'policy', recordField: 'policy_ids', segment: 'policies' },
      roles: { refKind: 'role', recordField: 'role_ids', segment: 'roles' },
    },
  },
  {
    label: 'store server', section: 'servers', parent: 'store', key: 'code', pathKey: 'code', plane: 'admin', collection: 'store/servers',
    createSchema: `${ADMIN}store-server-create.schema.json`, updateSchema: `${ADMIN}store-server-update.schema.json`,
    fields: ['code', 'name', 'description', 'base_url', 'requires_config', 'config_schema', 'requires_auth', 'requires_admin_setup', 'instances'],
    mappings: { instances: registryItems },
  },
  {
    label: 'guardrail collector', section: 'collectors', key: 'name', refKind: 'collector', plane: 'guardrail', collection: 'collectors',
    createSchema: `${GUARDRAIL}collector-create.schema.json`, updateSchema: `${GUARDRAIL}collector-update.schema.json`,
    fields: ['name', 'tenant_id', 'type', 'description'],
  },
  {
    label: 'guardrail policy', section: 'policies', key: 'name', plane: 'guardrail', collection: 'policies',
    createSchema: `${GUARDRAIL}policy-create.schema.json`, updateSchema: `${GUARDRAIL}policy-update.schema.json`,
    fields: ['name', 'tenant_id', 'description', 'mode', 'enabled', 'priority', 'fail_mode', 'collectors', 'gates', 'rules', 'overrides'],
    mappings: { collectors: nameList('collector') },
  },
];

/** The kinds a gateway owns directly (admin API), in creation order. */
export const GATEWAY_KINDS = RECORD_KINDS.filter((k) => k.plane === 'admin' && !k.parent);
/** The kinds of a gateway's Store (`gateways[].store` in the file), in creation order. */
export const STORE_KINDS = RECORD_KINDS.filter((k) => k.parent === 'store');
/** Every kind a gateway holds, as live state reads them. */
export const ALL_GATEWAY_KINDS = [...GATEWAY_KINDS, ...STORE_KINDS];
/** The guardrail service's kinds (guardrail API), in creation order. */
export const GUARDRAIL_KINDS = RECORD_KINDS.filter((k) => k.plane === 'guardrail');

/** A file record's API body: mapped fields converted, attachments left out. */
export function toApiBody(kind: RecordKind, record: FileRecord, refs: References, secret: SecretValue, path: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    if (kind.attachments?.[field]) continue;
    const mapping = kind.mappings?.[field];
    body[field] = mapping ? mapping.toApi(value, refs, secret, `${path}/${field}`) : value;
  }
  return body;
}

/** An API record in file form: the kind's fields in its order, references by name, no secret. */
export function toFileRecord(kind: RecordKind, record: ApiRecord, refs: References, ownerName: string[]): FileRecord {
  const out: FileRecord = {};
  const owner = [...ownerName, String(record[kind.key])];
  for (const field of kind.fields) {
    const attachment = kind.attachments?.[field];
    if (attachment) {
      const ids = (record[attachment.recordField] as string[] | undefined) ?? [];
      out[field] = ids.map((id) => refs.nameOf(attachment.refKind, id)).sort();
      continue;
    }
    const mapping = kind.mappings?.[field];
    const value = record[field];
    if (value === undefined && !mapping?.writeOnly) continue;
    out[field] = mapping ? mapping.toFile(value, refs, owner) : value;
  }
  return out;
}

/** The API path segment naming a stored record (its id, or its code for a Store server). */
export function recordPathKey(kind: RecordKind, record: ApiRecord): string {
  return encodeURIComponent(String(record[kind.pathKey ?? 'id']));
}

/** Where a file reference field sits in the API body, for naming a bad field by its file path. */
export function filePointer(apiPointer: string): string {
  return apiPointer.replace(/\/registry_id(?=\/|$)/g, '/registry').replace(/\/credential_id(?=\/|$)/g, '/credential');
}

/** Checks that a secret field holds a reference (used while validating, before anything is read). */
export const secretStandIn: SecretValue = (reference, path) => {
  expectSecretReference(reference, path);
  return 'secret-reference-stand-in';
};
