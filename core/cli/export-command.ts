/**
 * `portcullis export [--gateway SLUG] [-o FILE]`: writes the live configuration as a declarative
 * file that `apply` takes back unchanged. Secrets are never exported: each is written as a
 * reference to an environment variable named after its record.
 */
import { writeFileSync } from 'node:fs';
import { CliUsageError, type CliCommand } from './commands.js';
import { ConfigApiClient } from '../config/declarative/api-client.js';
import { addEndpointOptions, endpointsFrom } from '../config/declarative/api-endpoint-options.js';
import { stringifyConfigFile } from '../config/declarative/config-file.js';
import { exportConfig } from '../config/declarative/export-config.js';
import { readLiveState } from '../config/declarative/live-state.js';

/** The `export` command, registered in core/cli/main.ts. */
export const exportCommand: CliCommand = {
  name: 'export',
  summary: 'print the live configuration as a declarative file (secrets as references, never values)',
  configure(command) {
    command.option('--gateway <slug>', 'only this gateway (and the guardrail records of its tenant)').option('-o, --output <file>', 'write to this file instead of stdout');
    addEndpointOptions(command);
  },
  async run(options) {
    const values = options as { gateway?: string; output?: string };
    const client = new ConfigApiClient(endpointsFrom(options));
    const live = await readLiveState(client, values.gateway ? (slug) => slug === values.gateway : undefined);
    if (values.gateway && !live.gateways.length) throw new CliUsageError(`no gateway with slug ${values.gateway}`);
    const text = stringifyConfigFile(exportConfig(live, values.gateway));
    if (values.output) writeFileSync(values.output, text);
    else process.stdout.write(text);
    return 0;
  },
};
