/**
 * The console's roles, vault credentials and data-plane connections pages in a real browser:
 * a role made with its selecting claim and a registry attached; a vault credential whose secret
 * is write-only (never in a listing or the page, replaced only when a new one is typed); the
 * connections list asked with its scope filter. Each page at 1280 and 390 px, axe-checked.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { expectNoCspViolations, expectNoSeriousA11yViolations, screenshot, startConsoleHarness, type ConsoleHarness } from './support/browser.js';

describe('console: roles, vault credentials and data-plane connections', function () {
  let h: ConsoleHarness;
  let gatewayId = '';
  let registryId = '';

  before(async function () {
    h = await startConsoleHarness(this);
    const gateway = await h.gateway.seed.gateway();
    gatewayId = gateway.id;
    registryId = (await h.gateway.seed.registry(gatewayId, { provider: 'openai', slug: 'openai-main', base_url: 'http://127.0.0.1:9/v1', apiKey: 'sk-unused', models: ['gpt-4o-mini'] }))._id;
  });
  after(async () => {
    await h?.close();
  });

  async function checkPage(page: Page, name: string): Promise<void> {
    await expectNoSeriousA11yViolations(page);
    expectNoCspViolations(page);
    await screenshot(page, name);
  }

  it('creates a role selected by a claim and attaches a registry to it', async () => {
    const page = await h.signedInPage('desktop', `/gateways/${gatewayId}/roles`);
    await page.getByRole('textbox', { name: 'Role name' }).fill('analysts');
    await page.getByRole('textbox', { name: 'Claim', exact: true }).fill('groups');
    await page.getByRole('textbox', { name: 'Claim values' }).fill('analysts, data');
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.getByRole('heading', { level: 1, name: 'Role analysts' }).waitFor();
    const roleId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByRole('checkbox', { name: 'openai-main (LLM)' }).check();
    await page.getByRole('status').filter({ hasText: 'Registry openai-main attached.' }).waitFor();
    const role = await h.admin<{ match: unknown; registries: string[] }>('GET', `/v1/gateways/${gatewayId}/roles/${roleId}`);
    expect(role).to.deep.include({ match: { claim: 'groups', any_of: ['analysts', 'data'] }, registries: [registryId] });
    await checkPage(page, 'role with registry');

    await page.getByRole('checkbox', { name: 'openai-main (LLM)' }).uncheck();
    await page.getByRole('status').filter({ hasText: 'detached' }).waitFor();
    expect((await h.admin<{ registries: string[] }>('GET', `/v1/gateways/${gatewayId}/roles/${roleId}`)).registries).to.deep.equal([]);
  });

  it('an empty role name is refused with the API message beside the field', async () => {
    const page = await h.signedInPage('desktop', `/gateways/${gatewayId}/roles`);
    await page.getByRole('button', { name: 'Create role' }).click();
    const field = page.getByRole('textbox', { name: 'Role name' });
    await page.locator('.field-invalid').filter({ has: field }).waitFor();
    expect(await field.getAttribute('aria-invalid')).to.equal('true');
  });

  it('keeps a vault credential secret write-only: never shown back, replaced only when a new one is typed', async () => {
    const page = await h.signedInPage('desktop', `/gateways/${gatewayId}/vault-credentials`);
    const bodies: Array<{ method: string; body: Record<string, unknown> }> = [];
    page.on('request', (request) => {
      if (request.url().includes('/vault-credentials') && ['POST', 'PATCH'].includes(request.method())) bodies.push({ method: request.method(), body: JSON.parse(request.postData() ?? '{}') as Record<string, unknown> });
    });
    await page.getByRole('textbox', { name: 'Credential name' }).fill('openai key');
    await page.getByLabel(/^Secret/).fill('sk-first-secret-value');
    await page.getByRole('button', { name: 'Create credential' }).click();
    await page.getByRole('cell', { name: 'openai key', exact: true }).waitFor();
    expect(await page.content()).to.not.include('sk-first-secret-value');
    const listed = await h.admin<{ items: Array<Record<string, unknown>> }>('GET', `/v1/gateways/${gatewayId}/vault-credentials`);
    expect(JSON.stringify(listed)).to.not.include('sk-first');

    // Editing shows an empty secret field; saving without typing keeps the stored secret.
    await page.getByRole('button', { name: 'Edit openai key' }).click();
    expect(await page.getByLabel('New secret').inputValue()).to.equal('');
    await page.getByRole('textbox', { name: 'Description' }).fill('the main key');
    await page.getByRole('button', { name: 'Save credential' }).click();
    await page.getByRole('status').filter({ hasText: 'Credential openai key saved.' }).waitFor();
    await page.getByRole('button', { name: 'Edit openai key' }).click();
    await page.getByLabel('New secret').fill('sk-second-secret-value');
    await page.getByRole('button', { name: 'Save credential' }).click();
    await page.getByRole('status').filter({ hasText: 'its secret replaced' }).waitFor();
    expect(await page.content()).to.not.include('sk-second-secret-value');
    expect(bodies.map((b) => [b.method, 'secret' in b.body])).to.deep.equal([['POST', true], ['PATCH', false], ['PATCH', true]]);
    await checkPage(page, 'vault credentials');
  });

  it('lists data-plane connections with the scope filter', async () => {
    const page = await h.signedInPage('desktop', '/connections');
    await page.getByRole('status').filter({ hasText: 'No data plane is connected.' }).waitFor();
    const asked = page.waitForRequest((r) => r.url().includes('/v1/config-sync/connections') && new URL(r.url()).searchParams.get('scope') === 'eu-west');
    await page.getByRole('textbox', { name: 'Scope' }).fill('eu-west');
    await page.getByRole('button', { name: 'Show connections' }).click();
    await asked;
    await checkPage(page, 'connections');
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`the roles, vault and connections pages pass axe (${viewport})`, async function () {
      this.timeout(60_000);
      for (const [path, title] of [
        [`/gateways/${gatewayId}/roles`, 'Roles'],
        [`/gateways/${gatewayId}/vault-credentials`, 'Vault credentials'],
        ['/connections', 'Data-plane connections'],
      ]) {
        const page = await h.signedInPage(viewport, path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByRole('status').filter({ hasText: /in all|No / }).first().waitFor();
        await checkPage(page, `${title} ${viewport}`);
        await page.context().close();
      }
    });
  }
});
