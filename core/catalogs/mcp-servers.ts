import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths/project-root.js';

/** An MCP server of the built-in Store catalog. */
export interface McpCatalogServer {
  /** The code Store installs name. */
  code: string;
  name: string;
  description: string;
  /** Streamable HTTP endpoint. */
  url: string;
  auth: 'none' | 'api_key' | 'oauth';
  /** Whether an admin must set values (a key) before users can install it. */
  requires_config?: boolean;
  categories?: string[];
}

/** The built-in Store catalog (core/catalogs/mcp-servers.json), read once. */
export const MCP_CATALOG: readonly McpCatalogServer[] = Object.freeze(
  (JSON.parse(readFileSync(join(PROJECT_ROOT, 'core/catalogs/mcp-servers.json'), 'utf8')) as { servers: McpCatalogServer[] }).servers,
);
