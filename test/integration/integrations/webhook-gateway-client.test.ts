/**
 * The webhook adapter with a real AI gateway as its caller: the `@portkey-ai/gateway` server
 * (a child process) with webhook guardrails on both hook types pointed at
 * `POST /v1/integrations/webhook` with the collector's `tgk_` key, in front of the fake OpenAI
 * upstream, called through the official OpenAI SDK. A blocked request never reaches the
 * upstream; an allowed one does; a blocked completion is discarded; a slow or failing check
 * follows the hook's `timeout` and `failOnError`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import OpenAI from 'openai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { GuardrailClient, keywordRule } from '../guardrail/support/guardrail-client.js';
import { startAiGateway, type AiGatewayProcess } from './support/ai-gateway-process.js';

/** A webhook check of the gateway's config. */
interface WebhookCheck {
  url: string;
  key: string;
  timeout?: number;
  failOnError?: boolean;
}

const hook = (id: string, check: WebhookCheck, deny = true) => ({
  type: 'guardrail',
  id,
  deny,
  checks: [
    {
      id: 'default.webhook',
      parameters: {
        webhookURL: check.url,
        headers: { Authorization: `Bearer ${check.key}` },
        ...(check.timeout !== undefined ? { timeout: check.timeout } : {}),
        failOnError: check.failOnError ?? false,
      },
    },
  ],
});

/** Forwards to `target` after `delayMs`: an adapter that answers too late. */
function startSlowForwarder(target: string, delayMs: number): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', authorization: String(req.headers.authorization ?? '') }, body: Buffer.concat(chunks) })
          .then(async (answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
          .catch(() => res.destroy());
      }, delayMs);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('integrations: webhook adapter called by a real AI gateway', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let guardrail: GuardrailClient;
  let aiGateway: AiGatewayProcess;
  let upstream: FakeOpenAI;
  let slow: Server;
  let key: string;
  let adapterUrl: string;

  before(async () => {
    [gateway, aiGateway, upstream] = await Promise.all([createTestGateway({ planes: ['guardrail'] }), startAiGateway(), startFakeOpenAI()]);
    guardrail = await GuardrailClient.for(gateway);
    const collector = await guardrail.collectorWithKey('portkey');
    key = collector.key;
    await guardrail.policy({ collectors: [collector.collectorId], rules: [keywordRule('project-x', 'block', 'input'), keywordRule('launch-codes', 'block', 'output')] });
    adapterUrl = `${gateway.urls.guardrail}/v1/integrations/webhook`;
    slow = await startSlowForwarder(adapterUrl, 1500);
  });
  after(async () => {
    await Promise.all([aiGateway?.stop(), upstream?.close(), gateway?.close(), new Promise((r) => (slow ? slow.close(r) : r(undefined)))]);
  });

  /** An OpenAI SDK client of the AI gateway with these hooks in its config header. */
  function sdk(hooks: { before?: WebhookCheck; after?: WebhookCheck; deny?: boolean }): OpenAI {
    const config = {
      provider: 'openai',
      api_key: 'sk-test',
      custom_host: upstream.url,
      ...(hooks.before ? { before_request_hooks: [hook('portcullis-input', hooks.before, hooks.deny)] } : {}),
      ...(hooks.after ? { after_request_hooks: [hook('portcullis-output', hooks.after, hooks.deny)] } : {}),
    };
    return new OpenAI({
      baseURL: `${aiGateway.url}/v1`,
      apiKey: 'unused',
      maxRetries: 0,
      defaultHeaders: { 'x-portkey-config': JSON.stringify(config), 'x-portkey-metadata': JSON.stringify({ _user: 'ana@example.com', session_id: 'conv-1' }) },
    });
  }

  const ask = (client: OpenAI, prompt: string) => client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }] });

  /** The status of the SDK's error, or 200 with the answer text. */
  async function outcome(call: Promise<OpenAI.Chat.Completions.ChatCompletion>): Promise<{ status: number; text?: string }> {
    try {
      const answer = await call;
      return { status: 200, text: answer.choices[0].message.content ?? '' };
    } catch (err) {
      if (err instanceof OpenAI.APIError) return { status: err.status ?? 0 };
      throw err;
    }
  }

  const both = () => ({ before: { url: adapterUrl, key }, after: { url: adapterUrl, key } });

  it('lets an allowed request through to the upstream, checked on both hooks', async () => {
    const sent = upstream.requests.length;
    upstream.enqueue({ kind: 'text', text: 'All good here' });
    const result = await outcome(ask(sdk(both()), 'Summarise the ticket'));
    expect(result, aiGateway.output()).to.deep.equal({ status: 200, text: 'All good here' });
    expect(upstream.requests.length).to.equal(sent + 1);
    await gateway.telemetry.flush();
    const activity = await guardrail.admin('GET', '/v1/activity?session_id=conv-1');
    const directions = activity.body.items.map((item: { direction: string }) => item.direction);
    expect(directions).to.include.members(['input', 'output']);
    expect(activity.body.items[0]).to.include({ consumer_id: 'ana@example.com', collector_type: 'portkey' });
  });

  it('denies a blocked request with 446 before the upstream is called', async () => {
    const sent = upstream.requests.length;
    const result = await outcome(ask(sdk(both()), 'Tell me about project-x'));
    expect(result.status).to.equal(446);
    expect(upstream.requests.length).to.equal(sent);
  });

  it('discards a blocked completion (afterRequestHook) with 446', async () => {
    const sent = upstream.requests.length;
    upstream.enqueue({ kind: 'text', text: 'the launch-codes are 0000' });
    const result = await outcome(ask(sdk(both()), 'What are the codes?'));
    expect(result.status).to.equal(446);
    expect(upstream.requests.length).to.equal(sent + 1);
  });

  it('a check that answers after the hook timeout: allowed without failOnError, denied with it', async () => {
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    let sent = upstream.requests.length;
    const open = await outcome(ask(sdk({ before: { url: slowUrl, key, timeout: 300, failOnError: false } }), 'Tell me about project-x'));
    expect(open.status).to.equal(200);
    expect(upstream.requests.length).to.equal(sent + 1);
    sent = upstream.requests.length;
    const closed = await outcome(ask(sdk({ before: { url: slowUrl, key, timeout: 300, failOnError: true } }), 'Summarise the ticket'));
    expect(closed.status).to.equal(446);
    expect(upstream.requests.length).to.equal(sent);
  });

  it('a failing check (a revoked key: 401): allowed without failOnError, denied with it', async () => {
    let sent = upstream.requests.length;
    const open = await outcome(ask(sdk({ before: { url: adapterUrl, key: 'tgk_revoked', failOnError: false } }), 'Summarise the ticket'));
    expect(open.status).to.equal(200);
    expect(upstream.requests.length).to.equal(sent + 1);
    sent = upstream.requests.length;
    const closed = await outcome(ask(sdk({ before: { url: adapterUrl, key: 'tgk_revoked', failOnError: true } }), 'Summarise the ticket'));
    expect(closed.status).to.equal(446);
    expect(upstream.requests.length).to.equal(sent);
  });

  it('?deny_status=446 is an error answer to this caller: it denies only with failOnError', async () => {
    const denyUrl = `${adapterUrl}?deny_status=446`;
    let sent = upstream.requests.length;
    const denied = await outcome(ask(sdk({ before: { url: denyUrl, key, failOnError: true } }), 'Tell me about project-x'));
    expect(denied.status).to.equal(446);
    expect(upstream.requests.length).to.equal(sent);
    sent = upstream.requests.length;
    const slipped = await outcome(ask(sdk({ before: { url: denyUrl, key, failOnError: false } }), 'Tell me about project-x'));
    expect(slipped.status).to.equal(200);
    expect(upstream.requests.length).to.equal(sent + 1);
  });
});
