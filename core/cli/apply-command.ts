/**
 * `portcullis apply -f FILE [--dry-run] [--prune]`: brings a running Portcullis to what a
 * declarative configuration file says, through its admin and guardrail APIs, printing the diff
 * first (docs/declarative-config.md). A file that is wrong is refused before anything is
 * written (exit 2); a refused API call stops the apply (exit 1).
 */
import { applyConfig } from '../config/declarative/apply-config.js';
import { addEndpointOptions, endpointsFrom } from '../config/declarative/api-endpoint-options.js';
import { readConfigFile } from '../config/declarative/read-config-file.js';
import type { CliCommand } from './commands.js';

/** The `apply` command, registered in core/cli/main.ts. */
export const applyCommand: CliCommand = {
  name: 'apply',
  summary: 'apply a declarative configuration file (YAML or JSON) to a running gateway',
  configure(command) {
    command
      .requiredOption('-f, --file <file>', 'the configuration file')
      .option('--dry-run', 'print the diff and write nothing')
      .option('--prune', 'also delete the records of the file\'s gateways (and guardrail sections) that the file does not name');
    addEndpointOptions(command);
  },
  async run(options) {
    const values = options as { file: string; dryRun?: boolean; prune?: boolean };
    const config = readConfigFile(values.file);
    await applyConfig(config, endpointsFrom(options), { dryRun: values.dryRun, prune: values.prune, out: (line) => console.log(line) });
    return 0;
  },
};
