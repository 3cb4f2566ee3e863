/**
 * docs/guardrails.md section 8, "Walkthrough: a jailbreak blocked, a question answered", run as
 * written: its shell blocks are read from the page and executed with bash, curl and jq against a
 * live gateway with every plane, from an empty store. Only the values of the page's `export`
 * lines are this test's (its ports, a fake OpenAI upstream and a tenant admin token): the
 * requests are the page's own. The jailbreak must be answered 403 without reaching the upstream,
 * the question must reach it untouched and be answered 200, and the `guardrails` policy must be
 * saved without a warning. A page that drifts from the code fails here.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';

const PAGE = fileURLToPath(new URL('../../../docs/guardrails.md', import.meta.url));
const SECTION = '### Walkthrough: a jailbreak blocked, a question answered';
const QUESTION = 'What is the capital of France?';

/** The shell blocks of the walkthrough, in order, and the variables its `export` lines set. */
function walkthrough(): { script: string; exported: string[] } {
  const page = readFileSync(PAGE, 'utf8');
  const start = page.indexOf(SECTION);
  expect(start, `docs/guardrails.md has "${SECTION}"`).to.be.greaterThan(-1);
  const end = page.indexOf('\n### ', start + SECTION.length);
  const section = page.slice(start, end === -1 ? undefined : end);
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  const exported: string[] = [];
  const lines: string[] = [];
  for (const line of blocks.join('').split('\n')) {
    const exports = /^export\s+(.*)$/.exec(line);
    // The page's settings (ports, upstream) are replaced by the test's; every other line runs as written.
    if (exports) exported.push(...[...exports[1].matchAll(/([A-Z_]+)=/g)].map((m) => m[1]));
    else lines.push(line);
  }
  return { script: lines.join('\n'), exported };
}

describe('docs: the guardrails plugin walkthrough (docs/guardrails.md section 8)', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;

  before(async () => {
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway();
  });

  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('blocks a jailbreak with 403 and answers the question with 200, run exactly as the page writes it', async () => {
    const { script, exported } = walkthrough();
    const token = await mintAdminToken(gateway.jwtSecret, { sub: 'docs-walkthrough', tenantId: 't-1', roles: ['tenant_admin'] });
    const env: Record<string, string> = {
      // Set at the top of the page.
      GR: gateway.urls.guardrail!,
      TOKEN: token,
      AUTH: `Authorization: Bearer ${token}`,
      // The walkthrough's own exports.
      ADMIN: gateway.urls.admin!,
      PROXY: gateway.urls.proxy!,
      UPSTREAM_URL: upstream.url,
      UPSTREAM_KEY: 'sk-walkthrough-upstream',
    };
    expect(exported, 'the variables the page exports are the ones this test provides').to.have.members(['ADMIN', 'PROXY', 'UPSTREAM_URL', 'UPSTREAM_KEY']);

    const run = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { env: { PATH: process.env.PATH, ...env }, timeout: 60_000 });
    const out = run.stdout;

    expect(out, out).to.contain('{"type":"guardrails","global":true,"warnings":null}');
    expect(out, out).to.contain('question: 200');
    expect(out, out).to.match(/jailbreak: 403\n/);
    expect(out, out).to.contain('"code":"guardrail_blocked"');

    const sent = upstream.requests.map((r) => JSON.stringify((r.body as { messages?: unknown })?.messages ?? ''));
    expect(sent, 'the question reached the upstream untouched').to.deep.equal([JSON.stringify([{ role: 'user', content: QUESTION }])]);
  });
});
