/**
 * Docs that run: the walkthroughs of README.md, docs/admin-api.md, docs/proxy-auth.md,
 * docs/proxy-endpoints.md, docs/policies.md, docs/mcp.md (by hand with curl) and
 * docs/integrations.md (the gateway webhook adapter) are executed with bash, block after block,
 * against a live Portcullis, so a page that drifts from the code fails here.
 *
 * The convention, in the markdown:
 * - `<!-- walkthrough: NAME -->` on the line before a ```sh block makes the block part of the
 *   walkthrough NAME (the reader does not see the comment). Unmarked blocks never run.
 * - `<!-- walkthrough: NAME upstream=URL -->` also says the block names the provider at URL
 *   (for example `https://api.openai.com/v1`): the test replaces URL with its fake OpenAI's
 *   `/v1` base, which speaks OpenAI's wire format on 127.0.0.1; `mcp=URL` names an MCP server,
 *   replaced with a fake one built with the MCP SDK (the `github` toolkit server of
 *   test/fixtures/mcp, which admits only the key the doc shows).
 * - A comment line in a block that shows JSON (`# {"ok": true, "stage": "response", ...}`), or
 *   a ```json block right after a marked block (the answer as the page shows it), is checked:
 *   some answer the block printed must hold each top-level field shown, with the value shown
 *   unless the value is a placeholder (`...`, `"sk-..."`, `{...}`); only the first alternative
 *   of an `or` is checked. The comment lines holding only a status code (`# 200`) are the statuses
 *   the block prints on lines of their own, in that order.
 *
 * What the test stands for, and substitutes in every block:
 * - `npm start` is a test gateway with every plane (createTestGateway) whose data directory is
 *   `./data` of the folder the blocks run in; `http://127.0.0.1:8000`, `:8001` and `:8002` (the
 *   default ports of the proxy, admin and guardrail planes) become its ports.
 * - `node dist/core/cli/main.js` is the CLI from the TypeScript sources (no build needed): a
 *   file at that path in the blocks' folder imports core/cli/main.ts.
 * - `curl` fails on an HTTP error (`--fail-with-body`), so a walkthrough step that the gateway
 *   refuses stops the walkthrough instead of passing an error answer to the next step; a command
 *   that prints the status itself (`-w '%{http_code}\n'`) is left as written, and its status is
 *   checked against the one the doc shows.
 * The blocks of a walkthrough run in one `bash -euo pipefail` process, so the variables a block
 * sets (`$ADMIN`, `$TOKEN`, `$GW`, ...) are there for the next, exactly as in the reader's shell.
 * A walkthrough that continues another (`after`) runs that one's blocks first.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { createTestGateway, startFakeOpenAI, type FakeOpenAI, type TestGateway } from 'portcullis/testing';
import { resolveSettings } from '../../../core/config/settings.js';
import { modelsRoute } from '../../fixtures/providers/openai/models-route.js';
import { startGithub } from '../../fixtures/mcp/toolkit-servers.js';
import type { TinyMcpServer } from '../../fixtures/mcp/tiny-mcp-server.js';
import { jsonValuesIn, matchesShown, shownAnswers, shownStatuses, walkthroughBlocks, type WalkthroughBlock } from './walkthrough-blocks.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BLOCK_SEPARATOR = '@@walkthrough-block@@';
const RUN_TIMEOUT_MS = 60_000;
/** `curl` fails on an HTTP error unless the command prints the status itself (`-w`). */
const CURL_FAILS_ON_HTTP_ERRORS = `curl() {
  case " $* " in *" -w "*|*" --write-out "*) command curl "$@" ;; *) command curl --fail-with-body --show-error "$@" ;; esac
}`;

/** The key the admin walkthrough's registry holds: the fake's model list accepts only it. */
const DOC_UPSTREAM_KEY = 'sk-...';
/** The key the admin walkthrough's MCP registry holds: the fake MCP server admits only it. */
const DOC_MCP_KEY = 'ghp-...';

interface Walkthrough {
  name: string;
  page: string;
  /** Walkthroughs whose blocks run first, in this order (their variables are used). */
  after?: Walkthrough[];
}

const README: Walkthrough = { name: 'readme', page: 'README.md' };
const ADMIN: Walkthrough = { name: 'admin', page: 'docs/admin-api.md' };
const PROXY: Walkthrough = { name: 'proxy', page: 'docs/proxy-auth.md', after: [ADMIN] };
const ENDPOINTS: Walkthrough = { name: 'endpoints', page: 'docs/proxy-endpoints.md', after: [ADMIN] };
const POLICIES: Walkthrough = { name: 'policies', page: 'docs/policies.md', after: [ADMIN] };
const MCP: Walkthrough = { name: 'mcp', page: 'docs/mcp.md', after: [ADMIN] };
const WEBHOOK: Walkthrough = { name: 'webhook', page: 'docs/integrations.md' };
const GUARDRAILS: Walkthrough = { name: 'guardrails', page: 'docs/guardrails.md' };

function blocksOf(walkthrough: Walkthrough): WalkthroughBlock[] {
  const earlier = (walkthrough.after ?? []).flatMap(blocksOf);
  const own = walkthroughBlocks(readFileSync(join(ROOT, walkthrough.page), 'utf8'), walkthrough.page, walkthrough.name);
  if (own.length === 0) throw new Error(`${walkthrough.page} marks no block of the walkthrough "${walkthrough.name}"`);
  return [...earlier, ...own];
}

interface BlockRun {
  block: WalkthroughBlock;
  output: string;
}

interface WalkthroughRun {
  code: number | null;
  stderr: string;
  blocks: BlockRun[];
}

/** Runs the blocks in one bash process in `cwd`; each block's output is what it printed. */
function runBlocks(blocks: WalkthroughBlock[], script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<WalkthroughRun> {
  return new Promise((resolve, reject) => {
    // A process group of its own, so a walkthrough that hangs is ended with the curl or node it waits on.
    const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), RUN_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const outputs = stdout.split(`${BLOCK_SEPARATOR}\n`).slice(1);
      resolve({ code, stderr, blocks: outputs.map((output, i) => ({ block: blocks[i], output })) });
    });
  });
}

describe('docs: the walkthroughs run as written', function () {
  this.timeout(RUN_TIMEOUT_MS + 20_000);
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let mcpServer: TinyMcpServer;
  let folder: string;

  beforeEach(async () => {
    upstream = await startFakeOpenAI({ routes: [modelsRoute(DOC_UPSTREAM_KEY, ['gpt-4o-mini'])] });
    mcpServer = await startGithub({ requiredKey: DOC_MCP_KEY });
    folder = mkdtempSync(join(tmpdir(), 'portcullis-walkthrough-'));
    mkdirSync(join(folder, 'data'));
    mkdirSync(join(folder, 'dist/core/cli'), { recursive: true });
    writeFileSync(join(folder, 'package.json'), '{"type": "module"}\n');
    writeFileSync(join(folder, 'dist/core/cli/main.js'), `import ${JSON.stringify(pathToFileURL(join(ROOT, 'core/cli/main.ts')).href)};\n`);
    gateway = await createTestGateway({ dataDir: join(folder, 'data') });
  });

  afterEach(async () => {
    await gateway?.close();
    await upstream?.close();
    await mcpServer?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function run(walkthrough: Walkthrough): Promise<BlockRun[]> {
    const blocks = blocksOf(walkthrough);
    const ports: [string, string | undefined][] = [
      ['http://127.0.0.1:8000', gateway.urls.proxy],
      ['http://127.0.0.1:8001', gateway.urls.admin],
      ['http://127.0.0.1:8002', gateway.urls.guardrail],
    ];
    const prepared = blocks.map((block) => {
      let code = block.code;
      for (const [documented, live] of ports) code = code.replaceAll(documented, live!);
      for (const [documented, live] of [[block.upstream, upstream.url], [block.mcp, mcpServer.url]]) {
        if (!documented) continue;
        expect(code, `${block.where} names ${documented}`).to.contain(documented);
        code = code.replaceAll(documented, live!);
      }
      return `printf '\\n%s\\n' '${BLOCK_SEPARATOR}'\n${code}\n`;
    });
    const script = ['set -euo pipefail', CURL_FAILS_ON_HTTP_ERRORS, ...prepared].join('\n');
    const env = {
      PATH: process.env.PATH,
      HOME: folder,
      PORTCULLIS_LOG_LEVEL: 'silent',
      NODE_OPTIONS: `--import=${import.meta.resolve('tsx')} --no-experimental-require-module`,
    };
    const result = await runBlocks(blocks, script, folder, env);
    const last = result.blocks.at(-1);
    expect(result.code, `the walkthrough "${walkthrough.name}" stopped in ${last?.block.where}:\n${last?.output}\n${result.stderr}`).to.equal(0);
    expect(result.blocks).to.have.length(blocks.length);
    for (const { block, output } of result.blocks) {
      const values = jsonValuesIn(output);
      const shown = block.shown ? `${block.code}\n# ${block.shown}` : block.code;
      for (const fields of shownAnswers(shown)) {
        expect(values.some((value) => matchesShown(value, fields)), `${block.where} shows ${JSON.stringify(fields)}; it printed:\n${output}`).to.equal(true);
      }
      const shownCodes = shownStatuses(block.code);
      if (shownCodes.length > 0) {
        const printedCodes = output.split('\n').map((line) => line.trim()).filter((line) => /^\d{3}$/.test(line)).map(Number);
        expect(printedCodes, `${block.where} shows the statuses ${shownCodes.join(', ')}; it printed:\n${output}`).to.deep.equal(shownCodes);
      }
    }
    return result.blocks;
  }

  it('README: the gateway answers readyz once it is up', async () => {
    await run(README);
  });

  it('docs/admin-api.md: from a fresh start to a proxied chat call, an MCP registry and a machine credential', async () => {
    await run(ADMIN);
    // The walkthrough's chat call went through the registry it created to the upstream, and the
    // MCP registry's tools were listed from its server.
    expect(upstream.requests.some((request) => request.path === '/v1/chat/completions')).to.equal(true);
    expect(mcpServer.methods).to.include('tools/list');
  });

  it('docs/proxy-auth.md: each documented credential placement, and a refusal in the client format', async () => {
    await run(PROXY);
    // The admin walkthrough's call and the four accepted placements reached the upstream; the refusal did not.
    expect(upstream.requests.filter((request) => request.path === '/v1/chat/completions')).to.have.length(5);
  });

  it('docs/mcp.md: a consumer over the MCP registry lists its tools by hand, in both protocol eras', async () => {
    const runs = await run(MCP);
    const listed = runs.slice(-2).map(({ output }) => JSON.stringify(jsonValuesIn(output)));
    for (const answer of listed) expect(answer).to.contain('github__search_issues');
  });

  it('docs/policies.md: a rate limit created and attached to the walkthrough consumer', async () => {
    await run(POLICIES);
  });

  it('docs/integrations.md: the gateway webhook adapter set up from nothing blocks a denied keyword', async () => {
    await run(WEBHOOK);
  });

  it('docs/guardrails.md section 1: a collector, a key that expires, deactivated, reactivated and revoked', async () => {
    const runs = await run(GUARDRAILS);
    expect(runs.at(-1)!.output.trim()).to.match(/204$/);
  });

  it('docs/proxy-endpoints.md: the model list, and a path or method no route takes', async () => {
    await run(ENDPOINTS);
  });
});

describe('docs: the ports the walkthroughs name', () => {
  it('are the defaults a plain start listens on, which the walkthroughs stand in for', () => {
    expect(resolveSettings({}, {}).ports).to.deep.equal({ proxy: 8000, admin: 8001, guardrail: 8002 });
  });
});
