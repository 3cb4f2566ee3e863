/**
 * The complete example of docs/declarative-config.md applies as written to an empty gateway
 * (its secrets set in the environment), a second apply says "no changes", and its export applies
 * with "no changes" too: the page cannot drift from the code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { applyConfig } from '../../../core/config/declarative/apply-config.js';
import { ConfigApiClient, type ApiEndpoints } from '../../../core/config/declarative/api-client.js';
import { parseConfigFile, stringifyConfigFile } from '../../../core/config/declarative/config-file.js';
import { exportConfig } from '../../../core/config/declarative/export-config.js';
import { readLiveState } from '../../../core/config/declarative/live-state.js';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { adminTokenFor } from './declarative-cli.js';

const SECRETS = { OPENAI_API_KEY: 'sk-doc-example-openai', ANTHROPIC_API_KEY: 'sk-ant-doc-example', GITHUB_MCP_TOKEN: 'ghp_doc_example', IDP_CLIENT_SECRET: 'idp-doc-example' };

/** The YAML block under "### A complete example". */
function docExample(): string {
  const page = readFileSync(join(PROJECT_ROOT, 'docs', 'declarative-config.md'), 'utf8');
  const section = page.slice(page.indexOf('### A complete example'));
  const match = /```yaml\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('docs/declarative-config.md has no example block');
  return match[1]!;
}

describe('config: the docs/declarative-config.md example', function () {
  let gateway: TestGateway;
  let endpoints: ApiEndpoints;

  before(async () => {
    // The example's registries name public hosts: allow them (nothing is called at apply time).
    gateway = await createTestGateway({ egressAllow: ['127.0.0.0/8', 'api.openai.com', 'api.anthropic.com', 'api.githubcopilot.com'] });
    endpoints = { adminUrl: gateway.urls.admin!, guardrailUrl: gateway.urls.guardrail!, token: await adminTokenFor(gateway) };
  });
  after(async () => {
    await gateway?.close();
  });

  it('applies as written, then again with no changes, and its export applies with no changes', async () => {
    const config = parseConfigFile(docExample(), 'docs example');
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    expect(await applyConfig(config, endpoints, { env: SECRETS, out })).to.be.greaterThan(10);
    expect(lines.find((l) => l.startsWith('auth acme/app key: key ag_'))).to.be.a('string');
    expect(lines).to.include.members(['+ create store server acme/github', '+ create oauth acme', '+ create store access acme']);
    expect(await applyConfig(config, endpoints, { env: SECRETS, out })).to.equal(0);
    const exported = stringifyConfigFile(exportConfig(await readLiveState(new ConfigApiClient(endpoints))));
    for (const secret of Object.values(SECRETS)) expect(exported).not.to.contain(secret);
    expect(await applyConfig(parseConfigFile(exported, 'export'), endpoints, { env: {}, out })).to.equal(0);
  });
});
