/**
 * The parts of a gateway's configuration the admin API keeps as one document each, replaced by a
 * PUT: its OAuth authorization server (`gateways[].oauth`) and its Store access rules
 * (`gateways[].store.access`). Each is described once here: where the file and the API keep it,
 * the schema its PUT body passes, the fields compared and exported, and its write-only secret.
 * A singleton the file leaves out is left alone, with or without `--prune`.
 */
import type { ApiRecord, ConfigApiClient } from './api-client.js';
import type { FileRecord, GatewaySection } from './config-file.js';
import { placeholderReference } from './secret-reference.js';

/** How one per-gateway document is managed. */
export interface SingletonKind {
  /** The word the diff prints (`oauth`, `store access`). */
  label: string;
  /** Its path below a gateway of the file (`['store', 'access']`). */
  filePath: readonly string[];
  /** Its path below `/v1/gateways/{gateway_id}/`. */
  apiPath: string;
  /** The admin API schema of the PUT body. */
  putSchema: string;
  /** The fields apply compares and export writes, in file order (the secret field among them). */
  fields: readonly string[];
  /** A write-only field holding a secret reference in the file; the API never returns it. */
  secretField?: string;
  /** Fields whose change sends the secret again: a secret belongs to its client at its issuer. */
  secretGoesWith?: readonly string[];
  /** Whether the API's answer is a stored document (GET of a missing one may answer an empty form). */
  exists(stored: ApiRecord | undefined): stored is ApiRecord;
  /** Reads the stored document (undefined when there is none). */
  read(client: ConfigApiClient, gatewayId: string): Promise<ApiRecord | undefined>;
}

const ADMIN = 'https://portcullis.dev/schemas/api/admin/';

/** The singletons, in the order apply writes them (after every record of the gateway; neither refers to the other). */
export const SINGLETON_KINDS: readonly SingletonKind[] = [
  {
    label: 'oauth', filePath: ['oauth'], apiPath: 'oauth', putSchema: `${ADMIN}oauth-config-put.schema.json`,
    fields: ['issuer', 'client_id', 'client_secret', 'groups_claim'],
    secretField: 'client_secret', secretGoesWith: ['issuer', 'client_id'],
    exists: (stored): stored is ApiRecord => stored !== undefined,
    // 404 until the gateway's OAuth is configured.
    read: (client, gatewayId) => client.findAdmin(`/v1/gateways/${gatewayId}/oauth`),
  },
  {
    label: 'store access', filePath: ['store', 'access'], apiPath: 'store/access', putSchema: `${ADMIN}store-access.schema.json`,
    fields: ['rules'],
    // GET answers `{rules: []}` for a gateway that never set any.
    exists: (stored): stored is ApiRecord => Array.isArray(stored?.rules) && stored.rules.length > 0,
    read: (client, gatewayId) => client.admin('GET', `/v1/gateways/${gatewayId}/store/access`),
  },
];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The singleton's mapping in a gateway of the file, or undefined when the file leaves it out. */
export function singletonInFile(kind: SingletonKind, gateway: GatewaySection): FileRecord | undefined {
  let value: unknown = gateway;
  for (const key of kind.filePath) value = isObject(value) ? value[key] : undefined;
  return isObject(value) ? value : undefined;
}

/** A stored singleton in file form: its fields in order, the secret as a reference named after the gateway. */
export function singletonToFile(kind: SingletonKind, stored: ApiRecord, gatewaySlug: string): FileRecord {
  const out: FileRecord = {};
  for (const field of kind.fields) {
    if (field === kind.secretField) out[field] = placeholderReference(gatewaySlug, ...kind.filePath, field);
    else if (stored[field] !== undefined) out[field] = stored[field];
  }
  return out;
}
