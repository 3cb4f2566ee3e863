/**
 * `portcullis start --config FILE` as a real process: a fresh data directory comes up serving the
 * file's consumer (a chat call through the official openai SDK reaches the fake upstream with the
 * key from the environment; the consumer's key is left in an owner-only file, never printed; the
 * gateway's OAuth and Store are created from the file too), and a file that breaks a schema stops
 * the start with one line and exit 2.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import OpenAI from 'openai';
import { TEST_EGRESS_ALLOW } from '../../../core/testing/test-egress.js';
import { startPortcullisProcess, type PortcullisProcess } from '../../fixtures/processes/portcullis-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { makeTempDir, removeTempDir } from '../../fixtures/files/temp-dir.js';
import { writeFile } from './declarative-cli.js';

const cli = fileURLToPath(new URL('../../../core/cli/main.ts', import.meta.url));
const UPSTREAM_KEY = 'sk-start-config-upstream-key-51c2';
const IDP_SECRET = 'idp-start-config-secret-0d7e';

const seedFile = (upstreamUrl: string, weight = 1) => `version: 1
gateways:
  - slug: seeded
    tenant_id: t-seeded
    entitlements: {tier: free, caps: {}, max_instances: 1}
    registries:
      - slug: fake-openai
        type: LLM
        provider: openai
        base_url: ${upstreamUrl}
        auth: {api_key: {env: SEEDED_OPENAI_KEY}}
    auths:
      - {name: seeded key, type: api_key}
    consumers:
      - slug: seeded-app
        registries: [{registry: fake-openai, weight: ${weight}}]
        auths: [seeded key]
    oauth:
      issuer: https://idp.example/realms/seeded
      client_id: portcullis
      client_secret: {env: SEEDED_IDP_SECRET}
    store:
      servers:
        - {code: docs, name: Docs, base_url: https://docs.example/mcp}
      access:
        rules: [{code: docs, group: '*', level: allowed}]
`;

describe('config: portcullis start --config', function () {
  // Every test starts `portcullis` as a process (compiled on the fly by tsx): slow on a busy runner.
  this.timeout(90_000);
  let upstream: FakeOpenAI;
  let dir: string;
  let gateway: PortcullisProcess | undefined;

  before(async () => {
    upstream = await startFakeOpenAI();
    dir = makeTempDir('portcullis-start-config-');
  });
  after(async () => {
    await gateway?.stop();
    await upstream?.close();
    if (dir) removeTempDir(dir);
  });

  const portFlags = ['--proxy-port', '0', '--admin-port', '0', '--guardrail-port', '0'];

  it('a fresh start serves the file\'s consumer', async () => {
    const file = writeFile(dir, 'portcullis.yaml', seedFile(upstream.url));
    gateway = await startPortcullisProcess([...portFlags, '--data-dir', `${dir}/data`, '--config', file], ['proxy', 'admin', 'guardrail'], { SEEDED_OPENAI_KEY: UPSTREAM_KEY, SEEDED_IDP_SECRET: IDP_SECRET });
    expect(gateway.output()).to.contain('portcullis config: + create consumer seeded/seeded-app');
    // The gateway's OAuth and Store come from the file as well.
    expect(gateway.output()).to.contain('portcullis config: + create store server seeded/docs');
    expect(gateway.output()).to.contain('portcullis config: + create oauth seeded');
    expect(gateway.output()).to.contain('portcullis config: + create store access seeded');
    expect(gateway.output()).not.to.contain(UPSTREAM_KEY);
    expect(gateway.output()).not.to.contain(IDP_SECRET);
    // The consumer key is never in the output (often a collected log): it is in an owner-only file.
    expect(gateway.output()).not.to.contain('ag_');
    const keyPath = /seeded key: key written to (\S+)/.exec(gateway.output())?.[1];
    expect(keyPath, gateway.output()).to.be.a('string');
    expect(statSync(keyPath!).mode & 0o777).to.equal(0o600);
    const client = new OpenAI({ apiKey: readFileSync(keyPath!, 'utf8').trim(), baseURL: `${gateway.urls.proxy}/seeded-app/v1`, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] });
    expect(completion.choices[0]!.message.content).to.equal('Hello from openai');
    expect(upstream.requests.at(-1)!.headers.authorization).to.equal(`Bearer ${UPSTREAM_KEY}`);
  });

  it('a restart with the same file and data directory changes nothing and still serves', async () => {
    await gateway!.stop();
    const file = `${dir}/portcullis.yaml`;
    gateway = await startPortcullisProcess([...portFlags, '--data-dir', `${dir}/data`, '--config', file], ['proxy', 'admin', 'guardrail'], { SEEDED_OPENAI_KEY: UPSTREAM_KEY });
    expect(gateway.output()).to.contain('portcullis config: no changes');
    const key = readFileSync(`${dir}/data/config-keys/seeded-seeded-key.key`, 'utf8').trim();
    const client = new OpenAI({ apiKey: key, baseURL: `${gateway.urls.proxy}/seeded-app/v1`, maxRetries: 0 });
    expect((await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'again' }] })).choices[0]!.message.content).to.equal('Hello from openai');
  });

  it('a file that breaks a schema stops the start with one line and exit 2', async () => {
    const file = writeFile(dir, 'bad.yaml', seedFile(upstream.url, 5000));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'start', ...portFlags, '--data-dir', `${dir}/bad-data`, '--config', file], {
      env: { ...process.env, PORTCULLIS_LOG_LEVEL: 'silent', PORTCULLIS_EGRESS_ALLOW: TEST_EGRESS_ALLOW.join(','), SEEDED_OPENAI_KEY: UPSTREAM_KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, stdout + stderr).to.equal(2);
    expect(stderr.trim().split('\n')).to.deep.equal(['portcullis: /gateways/0/consumers/0/registries/0/weight must be <= 1000']);
    expect(stdout).not.to.contain('listening');
  });
});
