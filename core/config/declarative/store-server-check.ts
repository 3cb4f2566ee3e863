/**
 * The checks the admin API makes on a Store server beyond its schema (docs/store.md), made on
 * the file before anything is written, so a server the API would refuse never leaves an apply
 * half-done: it is installed from `base_url` or from `instances`; each instance is an MCP
 * registry; a server with `requires_auth` has instances whose registries sign each user in
 * (`auth.oauth`).
 */
import { CliUsageError } from '../../cli/commands.js';
import type { FileRecord } from './config-file.js';

/** What the check needs to know of a registry, named by slug (from the file, else the gateway). */
export interface RegistryFacts {
  type?: unknown;
  /** Whether it signs each user in (`auth.oauth`, in the file or stored). */
  signsUsersIn: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Refuses a Store server as it will stand after apply (the stored fields with the file's laid
 * over them), naming the field by its path in the file. References to unknown registries are
 * refused earlier, by the plan.
 */
export function checkStoreServer(server: FileRecord, registryOf: (slug: string) => RegistryFacts | undefined, path: string): void {
  const instances = Array.isArray(server.instances) ? server.instances : [];
  if (server.base_url === undefined && instances.length === 0) throw new CliUsageError(`${path}: a Store server needs base_url or instances (it is installed from one of them)`);
  instances.forEach((instance, i) => {
    const slug = isObject(instance) ? instance.registry : undefined;
    if (typeof slug !== 'string') return;
    const registry = registryOf(slug);
    if (!registry) return;
    const at = `${path}/instances/${i}/registry`;
    if (registry.type !== 'MCP') throw new CliUsageError(`${at}: ${slug} is not an MCP registry (a Store server installs MCP servers)`);
    if (server.requires_auth === true && !registry.signsUsersIn) {
      throw new CliUsageError(`${at}: ${slug} has no auth.oauth, so the users of a server with requires_auth cannot sign in`);
    }
  });
}
