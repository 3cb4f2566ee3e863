/**
 * The gateway-side pages in a real browser, as an operator walks through them: create a
 * gateway (a duplicate slug shown beside its field), a registry against a fake OpenAI upstream
 * and its test (the probe's stage shown), a consumer and its `ag_` key (shown once), a rate-limit
 * policy through the form generated from its JSON Schema (an invalid number shown beside its
 * field) attached to the consumer, and a playground request whose trace is found. Then every
 * page at 1280 and 390 px with axe. Each test keeps a screenshot.
 */
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { modelsRoute } from '../../fixtures/providers/openai/models-route.js';
import { startTinyMcpServer, type TinyMcpServer } from '../../fixtures/mcp/tiny-mcp-server.js';
import { expectNoCspViolations, expectNoSeriousA11yViolations, screenshot, startConsoleHarness, updateReadmeScreenshot, VIEWPORTS, type ConsoleHarness } from './support/browser.js';

const UPSTREAM_KEY = 'sk-console-upstream-0001';
const MCP_KEY = 'mcp-console-key-0001';

/** The message shown beside a field (the error its aria-describedby names). */
async function errorBeside(page: Page, field: Locator): Promise<string> {
  // The page marks the field once the API's (or its own) answer is rendered: wait for that render.
  await field.locator('xpath=self::*[@aria-invalid="true"]').waitFor({ timeout: 10_000 }).catch(() => undefined);
  expect(await field.getAttribute('aria-invalid'), 'field marked invalid').to.equal('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  expect(ids, 'field described by an error').to.have.length(1);
  return (await page.locator(`[id="${ids[0]}"]`).textContent()) ?? '';
}

describe('console: gateway pages end to end', function () {
  // A browser step is bounded by STEP_TIMEOUT_MS; a whole test by this.
  this.timeout(60_000);
  let h: ConsoleHarness;
  let upstream: FakeOpenAI;
  let mcp: TinyMcpServer;
  let page: Page;
  let gatewayId: string;
  let consumerId: string;
  let consumerKey: string;
  let policyId: string;

  before(async function () {
    h = await startConsoleHarness(this);
    upstream = await startFakeOpenAI({ routes: [modelsRoute(UPSTREAM_KEY)] });
    mcp = await startTinyMcpServer({ tools: [{ name: 'search_issues', description: 'Search the issues', inputSchema: { type: 'object' } }], requiredKey: MCP_KEY });
    page = await h.signedInPage('desktop');
  });
  after(async () => {
    await h?.close();
    await upstream?.close();
    await mcp?.close();
  });

  it('creates a gateway through its form; a duplicate slug is shown beside the Slug field', async () => {
    await page.getByLabel('Slug', { exact: true }).fill('shop');
    await page.getByLabel('Name', { exact: true }).fill('Shop');
    await page.getByLabel('Tenant id').fill('tenant-shop');
    await page.getByRole('button', { name: 'Create gateway' }).click();
    await page.getByRole('status').filter({ hasText: 'Gateway shop created.' }).waitFor();
    await page.getByRole('link', { name: 'shop', exact: true }).waitFor();
    const listed = await h.admin<{ items: Array<{ id: string; slug: string }> }>('GET', '/v1/gateways');
    gatewayId = listed.items.find((g) => g.slug === 'shop')!.id;

    await page.getByRole('button', { name: 'Create gateway' }).click();
    await page.locator('.field-error').first().waitFor();
    expect(await errorBeside(page, page.getByRole('textbox', { name: 'Slug', exact: true }))).to.contain('slug already in use');
    await page.getByRole('alert').filter({ hasText: 'check the field marked below' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expectNoCspViolations(page);
    await screenshot(page, 'gateway created and duplicate slug refused');
  });

  it('creates a registry against a fake OpenAI upstream and tests it: the stage is shown', async () => {
    await page.getByRole('link', { name: 'shop', exact: true }).click();
    await page.getByRole('heading', { name: 'Gateway shop', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Registries', exact: true }).click();
    await page.getByRole('heading', { name: 'Registries', level: 1 }).waitFor();
    await page.getByLabel('Provider').selectOption('openai');
    await page.getByLabel('Base URL').fill(upstream.url);
    await page.getByLabel('API key').fill(UPSTREAM_KEY);
    await page.getByRole('button', { name: 'Create registry' }).click();
    await page.getByRole('status').filter({ hasText: 'Registry openai created.' }).waitFor();
    await page.getByRole('button', { name: 'Test openai' }).click();
    const result = page.getByRole('region', { name: 'Test of openai' });
    await result.waitFor();
    expect(await result.getByText('response', { exact: true }).count()).to.equal(1);
    expect(await result.getByText('passed', { exact: true }).count()).to.equal(1);
    expect(upstream.requests.at(-1)!.path).to.equal('/v1/models');
    // The key went upstream but never came back to the browser.
    expect(await page.content()).to.not.contain(UPSTREAM_KEY);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'registry tested');
  });

  it('lists the tools of an MCP registry', async () => {
    await h.admin('POST', `/v1/gateways/${gatewayId}/registries`, { type: 'MCP', provider: 'mcp', slug: 'issues', base_url: mcp.url, auth: { api_key: MCP_KEY } });
    await page.reload();
    await page.getByRole('textbox', { name: 'Admin token' }).fill(h.adminToken);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Tools of issues' }).click();
    const tools = page.getByRole('region', { name: 'Tools of issues' });
    await tools.waitFor();
    expect(await tools.getByRole('listitem').allTextContents()).to.deep.equal(['search_issues: Search the issues']);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'mcp registry tools');
  });

  it('creates a consumer and its API key: the ag_ key is shown once, then gone', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Consumers', exact: true }).click();
    await page.getByRole('textbox', { name: 'Slug', exact: true }).fill('web');
    await page.getByRole('button', { name: 'Create consumer' }).click();
    await page.getByRole('heading', { name: 'Consumer web', level: 1 }).waitFor();
    consumerId = page.url().split('/').pop()!;
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: "The consumer's API key" });
    await dialog.waitFor();
    consumerKey = await dialog.getByLabel('Secret value').inputValue();
    expect(consumerKey).to.match(/^ag_/);
    await screenshot(page, 'consumer key shown once');
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.content()).to.not.contain(consumerKey);
    const consumer = await h.admin<{ auth_ids: string[] }>('GET', `/v1/gateways/${gatewayId}/consumers/${consumerId}`);
    expect(consumer.auth_ids).to.have.length(1);

    const registries = page.getByRole('region', { name: 'Registries' });
    await registries.getByLabel('Attach a registry').selectOption({ label: 'openai' });
    await registries.getByLabel('Weight').fill('3');
    await registries.getByRole('button', { name: 'Attach registry' }).click();
    await registries.getByText('openai (weight 3)').waitFor();
    const attached = await h.admin<{ registries: Array<{ registry_id: string; weight: number }> }>('GET', `/v1/gateways/${gatewayId}/consumers/${consumerId}`);
    expect(attached.registries.map((r) => r.weight)).to.deep.equal([3]);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'consumer with key and registry');
  });

  it('makes a rate-limit policy through its generated form (an invalid number shown beside its field) and attaches it', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Policies', exact: true }).click();
    await page.getByLabel('Policy type').selectOption('rate_limiter');
    await page.getByLabel('Name', { exact: true }).fill('Limits');
    const limit = page.getByRole('group', { name: 'limits 1' });
    const requests = limit.getByRole('spinbutton', { name: 'requests', exact: true });
    await requests.fill('0');
    await limit.getByRole('textbox', { name: 'window', exact: true }).fill('minute');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await page.locator('.field-error').first().waitFor();
    expect(await errorBeside(page, requests)).to.match(/\/settings\/limits\/0\/requests must be >= 1/);
    await screenshot(page, 'policy form invalid number');

    await requests.fill('1000');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await page.getByRole('status').filter({ hasText: 'Policy Limits created.' }).waitFor();
    const policies = await h.admin<{ items: Array<{ id: string; type: string; settings: { limits: unknown } }> }>('GET', `/v1/gateways/${gatewayId}/policies`);
    expect(policies.items).to.have.length(1);
    expect(policies.items[0].settings.limits).to.deep.equal([{ requests: 1000, window: 'minute' }]);
    policyId = policies.items[0].id;

    await page.goto(`${h.gateway.urls.admin}/console/gateways/${gatewayId}/consumers/${consumerId}`);
    await page.getByRole('textbox', { name: 'Admin token' }).fill(h.adminToken);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const section = page.getByRole('region', { name: 'Policies' });
    await section.getByLabel('Attach a policy').selectOption({ label: 'Limits (rate_limiter)' });
    await section.getByRole('button', { name: 'Attach policy' }).click();
    await section.getByRole('button', { name: 'Detach policy Limits (rate_limiter)' }).waitFor();
    const consumer = await h.admin<{ policy_ids: string[] }>('GET', `/v1/gateways/${gatewayId}/consumers/${consumerId}`);
    expect(consumer.policy_ids).to.deep.equal([policies.items[0].id]);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'rate-limit policy attached');
  });

  it('saves a consumer\'s routing; malformed model policies are shown beside their field', async () => {
    const routing = page.getByRole('region', { name: 'Routing' });
    await routing.getByLabel('Balancing strategy').selectOption('weighted');
    await routing.getByLabel('Tags').fill('team-a, web');
    await routing.getByLabel('Fallback targets').fill('@openai/gpt-4o-mini');
    await routing.getByRole('button', { name: 'Save routing' }).click();
    await page.getByRole('status').filter({ hasText: 'Routing saved.' }).waitFor();
    const consumer = await h.admin<{ load_balancing: { strategy: string }; tags: string[]; fallback: { targets: string[] } }>('GET', `/v1/gateways/${gatewayId}/consumers/${consumerId}`);
    expect(consumer.load_balancing.strategy).to.equal('weighted');
    expect(consumer.tags).to.deep.equal(['team-a', 'web']);
    expect(consumer.fallback.targets).to.deep.equal(['@openai/gpt-4o-mini']);

    const policies = routing.getByLabel('Model policies (JSON)');
    await policies.fill('[{"registry_id": ');
    await routing.getByRole('button', { name: 'Save routing' }).click();
    expect(await errorBeside(page, policies)).to.contain('not valid JSON');
    await policies.fill('[]');
    await screenshot(page, 'consumer routing');
  });

  it('edits a gateway and deletes it with everything in it', async () => {
    const doomed = await h.admin<{ id: string }>('POST', '/v1/gateways', { slug: 'old-shop', name: 'Old shop', tenant_id: 'tenant-shop', entitlements: { tier: 'team', caps: { requests_per_minute: 6000 }, max_instances: 5 } });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Gateways', exact: true }).click();
    await page.getByRole('link', { name: 'old-shop', exact: true }).click();
    await page.getByRole('heading', { name: 'Gateway old-shop', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Older shop');
    await page.getByRole('button', { name: 'Save gateway' }).click();
    await page.getByRole('status').filter({ hasText: 'Gateway old-shop saved.' }).waitFor();
    expect((await h.admin<{ name: string }>('GET', `/v1/gateways/${doomed.id}`)).name).to.equal('Older shop');
    await page.getByRole('button', { name: 'Delete gateway' }).click();
    await screenshot(page, 'gateway delete asked');
    await page.getByRole('button', { name: 'Delete it and everything in it' }).click();
    await page.getByRole('heading', { name: 'Gateways', level: 1 }).waitFor();
    const listed = await h.admin<{ items: Array<{ slug: string }> }>('GET', '/v1/gateways');
    expect(listed.items.map((g) => g.slug)).to.not.include('old-shop');
    // Back to the gateway the rest of the walk uses.
    await page.getByRole('link', { name: 'shop', exact: true }).click();
    await page.getByRole('heading', { name: 'Gateway shop', level: 1 }).waitFor();
  });

  it('generates a settings form for every policy type of the catalog', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Policies', exact: true }).click();
    const catalog = await h.admin<{ groups: Array<{ types: Array<{ type: string }> }> }>('GET', '/v1/catalog/policies');
    const types = catalog.groups.flatMap((g) => g.types.map((t) => t.type));
    expect(types.length).to.be.greaterThan(5);
    for (const type of types) {
      await page.getByLabel('Policy type').selectOption(type);
      await page.getByRole('group', { name: `Settings of ${type}` }).waitFor();
    }
    await page.getByLabel('Policy type').selectOption('guardrails');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'generated form guardrails');
  });

  it('duplicates a policy and switches it global on and off', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Policies', exact: true }).click();
    await page.getByRole('button', { name: 'Duplicate Limits' }).click();
    await page.getByRole('status').filter({ hasText: 'Policy Limits duplicated.' }).waitFor();
    await page.getByRole('button', { name: 'Make global: Limits 2' }).click();
    await page.getByRole('button', { name: 'Clear global on Limits 2' }).waitFor();
    let listed = await h.admin<{ items: Array<{ name: string; slug: string; global: boolean }> }>('GET', `/v1/gateways/${gatewayId}/policies`);
    expect(listed.items.map((p) => [p.name, p.slug, p.global])).to.have.deep.members([
      ['Limits', 'limits', false],
      ['Limits 2', 'limits-2', true],
    ]);
    await screenshot(page, 'policy duplicated and global');
    await page.getByRole('button', { name: 'Clear global on Limits 2' }).click();
    await page.getByRole('button', { name: 'Make global: Limits 2' }).waitFor();
    listed = await h.admin('GET', `/v1/gateways/${gatewayId}/policies`);
    expect(listed.items.every((p) => !p.global)).to.equal(true);
  });

  it('edits a policy\'s settings in its generated form; a refused value is shown beside its field', async () => {
    await page.getByRole('link', { name: 'Limits', exact: true }).click();
    await page.getByRole('heading', { name: 'Policy Limits', level: 1 }).waitFor();
    const limit = page.getByRole('group', { name: 'limits 1' });
    const window = limit.getByRole('textbox', { name: 'window', exact: true });
    expect(await window.inputValue()).to.equal('minute');
    await window.fill('fortnight');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.locator('.field-error').first().waitFor();
    expect(await errorBeside(page, window)).to.contain('/settings/limits/0/window');
    await window.fill('hour');
    await limit.getByRole('spinbutton', { name: 'requests', exact: true }).fill('500');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.getByRole('status').filter({ hasText: 'Policy Limits saved.' }).waitFor();
    const saved = await h.admin<{ settings: { limits: unknown } }>('GET', `/v1/gateways/${gatewayId}/policies/${policyId}`);
    expect(saved.settings.limits).to.deep.equal([{ requests: 500, window: 'hour' }]);
    await screenshot(page, 'policy edited');
  });

  it('sends a playground request through the consumer and finds its trace', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Playground', exact: true }).click();
    await page.getByLabel('Consumer').selectOption({ label: 'web' });
    await page.getByLabel('API key').fill(consumerKey);
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.getByRole('region', { name: 'Answer' });
    await answer.waitFor();
    expect(await answer.locator('.answer').textContent()).to.equal('Hello from openai');
    const traceId = (await answer.locator('.trace-id').textContent()) ?? '';
    expect(traceId).to.match(/^[0-9a-f-]{36}$/);
    const trace = page.getByRole('region', { name: 'Trace' });
    await trace.waitFor();
    expect(await trace.textContent()).to.contain(traceId);
    // The rate-limit policy attached above ran on the request.
    expect(upstream.requests.at(-1)!.path).to.equal('/v1/chat/completions');
    await expectNoSeriousA11yViolations(page);
    expectNoCspViolations(page);
    await screenshot(page, 'playground answer and trace');
    await updateReadmeScreenshot(page);
  });

  /** Every page of the console; `{gateway}` and `{consumer}` are the records made above. */
  const PAGES = [
    '/gateways',
    '/gateways/{gateway}',
    '/gateways/{gateway}/registries',
    '/gateways/{gateway}/consumers',
    '/gateways/{gateway}/consumers/{consumer}',
    '/gateways/{gateway}/policies',
    '/gateways/{gateway}/policies/{policy}',
    '/gateways/{gateway}/playground',
    '/gateways/{gateway}/roles',
    '/gateways/{gateway}/vault-credentials',
    '/gateways/{gateway}/usage',
    '/connections',
    '/guardrails/collectors',
    '/guardrails/policies',
    '/guardrails/activity',
  ];
  for (const viewport of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
    describe(`every page at ${VIEWPORTS[viewport].width} px`, () => {
      let browserPage: Page;
      before(async () => {
        browserPage = await h.signedInPage(viewport);
      });
      for (const template of PAGES) {
        it(`${template} passes axe and fits the width`, async () => {
          const path = template.replace('{gateway}', gatewayId).replace('{consumer}', consumerId).replace('{policy}', policyId);
          await browserPage.evaluate((to) => {
            window.history.pushState(null, '', `/console${to}`);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, path);
          await browserPage.getByRole('heading', { level: 1 }).waitFor();
          await browserPage.getByText('Loading…').first().waitFor({ state: 'detached' });
          // No page is wider than the viewport: the navigation collapses and tables scroll inside their region.
          const overflow = await browserPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `wider than ${VIEWPORTS[viewport].width} px`).to.be.at.most(0);
          await expectNoSeriousA11yViolations(browserPage);
          expectNoCspViolations(browserPage);
          await screenshot(browserPage, `${viewport} ${template}`);
        });
      }
    });
  }
});
