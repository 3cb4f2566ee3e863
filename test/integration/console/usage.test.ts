/**
 * The console's usage and spend page in a real browser: a few calls proxied with the official
 * OpenAI SDK show in the Requests chart and the table, per consumer and per model; the page at
 * 1280 and 390 px, axe-checked and screenshotted.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import type { Page } from 'playwright-core';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { expectNoCspViolations, expectNoSeriousA11yViolations, screenshot, startConsoleHarness, type ConsoleHarness } from './support/browser.js';

describe('console: usage and spend', function () {
  let h: ConsoleHarness;
  let upstream: FakeOpenAI;
  let gatewayId = '';

  before(async function () {
    h = await startConsoleHarness(this);
    upstream = await startFakeOpenAI();
    gatewayId = (await h.gateway.seed.gateway({ slug: 'spend' })).id;
    const registry = await h.gateway.seed.registry(gatewayId, { provider: 'openai', slug: 'openai-main', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const app = await h.gateway.seed.consumer(gatewayId, { slug: 'app', registries: [{ registry_id: registry._id }] });
    await h.gateway.configChanged();
    const client = new OpenAI({ apiKey: app.key, baseURL: `${h.gateway.proxyUrl('app')}/v1`, maxRetries: 0 });
    for (let i = 0; i < 3; i++) await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `hello ${i}` }] });
  });
  after(async () => {
    await h?.close();
    await upstream?.close();
  });

  /** Shows the usage until the three calls are in (telemetry is filed off the request path). */
  async function waitForThreeRequests(page: Page): Promise<void> {
    const status = page.getByRole('status').filter({ hasText: /requests, / });
    for (let i = 0; i < 30 && !/^3 requests/.test((await status.textContent().catch(() => '')) ?? ''); i++) {
      await page.waitForTimeout(200);
      await page.getByRole('button', { name: 'Show usage' }).click();
    }
    await page.getByRole('status').filter({ hasText: /^3 requests/ }).waitFor();
  }

  it('shows the requests of a few proxied calls in the chart and the table, per consumer and per model', async () => {
    const page = await h.signedInPage('desktop', `/gateways/${gatewayId}/usage`);
    await page.getByRole('heading', { level: 1, name: 'Usage and spend' }).waitFor();
    await waitForThreeRequests(page);
    const chart = page.locator('figure').filter({ hasText: 'Requests' }).first();
    const bars = await chart.locator('rect.bar').evaluateAll((rects) => rects.map((r) => [r.getAttribute('data-series'), Number(r.getAttribute('data-value'))]));
    expect(bars).to.deep.equal([['app', 3]]);
    expect(await chart.getByRole('img').getAttribute('aria-label')).to.match(/^Requests: 3 in all over 24 buckets/);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'app' }) });
    expect(await row.getByRole('cell').first().textContent()).to.equal('3');

    await page.getByRole('combobox', { name: 'Group by' }).selectOption('model');
    await page.getByRole('combobox', { name: 'Interval' }).selectOption('day');
    await page.getByRole('button', { name: 'Show usage' }).click();
    await page.getByRole('rowheader', { name: 'gpt-4o-mini' }).waitFor();
    await screenshot(page, 'usage by model');
  });

  it('shows the API message when the range is too long for hourly buckets', async () => {
    const page = await h.signedInPage('desktop', `/gateways/${gatewayId}/usage`);
    await page.getByLabel('From', { exact: true }).fill('2026-01-01T00:00');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01T00:00');
    await page.getByRole('button', { name: 'Show usage' }).click();
    await page.locator('.field-invalid').filter({ has: page.getByRole('combobox', { name: 'Interval' }) }).waitFor();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`the usage page passes axe (${viewport})`, async () => {
      const page = await h.signedInPage(viewport, `/gateways/${gatewayId}/usage`);
      await waitForThreeRequests(page);
      await expectNoSeriousA11yViolations(page);
      expectNoCspViolations(page);
      await screenshot(page, `usage ${viewport}`);
    });
  }
});
