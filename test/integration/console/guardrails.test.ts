/**
 * The console's guardrail pages in a real browser: a collector and its `tgk_` key made on the
 * Auth tab (shown once, then usable on /v1/evaluate), a guardrail policy with a detector rule
 * made through its generated settings form, the blocked evaluation found in Activity by its
 * trace id, and the Observe switch letting the next evaluation through. Every page at 1280 and
 * 390 px, axe-checked and screenshotted.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { expectNoCspViolations, expectNoSeriousA11yViolations, screenshot, signIn, startConsoleHarness, type ConsoleHarness } from './support/browser.js';

interface Evaluation {
  status: string;
  trace_id: string;
  findings: Array<{ outcome: { action: string } }>;
}

describe('console: guardrail collectors, policies and Activity', function () {
  let h: ConsoleHarness;
  let collectorId = '';
  let key = '';
  let policyId = '';

  before(async function () {
    h = await startConsoleHarness(this);
  });
  after(async () => {
    await h?.close();
  });

  /** Evaluates a prompt with the collector key through the guardrail API, as a collector would. */
  async function evaluate(prompt: string): Promise<{ status: number; body: Evaluation & { error?: string } }> {
    const response = await fetch(`${h.gateway.urls.guardrail}/v1/evaluate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ direction: 'input', payload: { input: prompt }, consumer_id: 'app-1', session_id: 'console-session' }),
    });
    return { status: response.status, body: (await response.json()) as Evaluation & { error?: string } };
  }

  /** Loads a console path (a load signs out: the token is in memory only) and signs in again. */
  async function openSignedIn(page: Page, path: string): Promise<void> {
    await page.goto(`${h.consoleUrl}${path.slice(1)}`);
    await page.getByRole('textbox', { name: 'Admin token' }).waitFor();
    await signIn(page, h.adminToken);
  }

  async function checkPage(page: Page, name: string): Promise<void> {
    await expectNoSeriousA11yViolations(page);
    expectNoCspViolations(page);
    await screenshot(page, name);
  }

  it('creates a collector and a tgk_ key on its Auth tab: shown once, then usable to evaluate', async () => {
    const page = await h.signedInPage('desktop', '/guardrails/collectors');
    await page.getByRole('textbox', { name: 'Name' }).fill('support bot');
    await page.getByRole('combobox', { name: 'Type' }).selectOption('langchain');
    await page.getByRole('textbox', { name: 'Tenant id' }).fill('tenant-a');
    await page.getByRole('button', { name: 'Create collector' }).click();
    await page.getByRole('heading', { level: 1, name: 'Collector support bot' }).waitFor();
    collectorId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.getByRole('tab', { name: 'Auth' }).getAttribute('aria-selected')).to.equal('true');

    await page.getByRole('textbox', { name: 'Key name' }).fill('prod');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new collector key' });
    await dialog.waitFor();
    key = await dialog.getByRole('textbox', { name: 'Secret value' }).inputValue();
    expect(key).to.match(/^tgk_/);
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    await checkPage(page, 'collector key shown once');
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Listed by prefix and last four only; the key itself is nowhere in the page any more.
    await page.getByRole('cell', { name: 'prod', exact: true }).waitFor();
    expect(await page.content()).to.not.include(key);
    expect(await page.getByRole('cell', { name: new RegExp(`…${key.slice(-4)}$`) }).count()).to.equal(1);

    // Usable: with no policy yet the collector's evaluations are allowed.
    const first = await evaluate('hello');
    expect(first.status).to.equal(200);
    expect(first.body.status).to.equal('allow');
  });

  it('deactivates, sets an expiry on and revokes a key from the Auth tab', async () => {
    const page = await h.signedInPage('desktop', `/guardrails/collectors/${collectorId}?tab=auth`);
    await page.getByRole('textbox', { name: 'Key name' }).fill('temporary');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new collector key' });
    const temporary = await dialog.getByRole('textbox', { name: 'Secret value' }).inputValue();
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    const row = page.getByRole('row').filter({ hasText: 'temporary' });

    await row.getByRole('button', { name: /^Deactivate/ }).click();
    await row.getByRole('cell', { name: 'Inactive' }).waitFor();
    const refused = await fetch(`${h.gateway.urls.guardrail}/v1/evaluate`, { method: 'POST', headers: { authorization: `Bearer ${temporary}`, 'content-type': 'application/json' }, body: JSON.stringify({ direction: 'input', payload: { input: 'hi' } }) });
    expect(refused.status).to.equal(403);

    await row.getByRole('button', { name: /^Reactivate/ }).click();
    await row.getByRole('cell', { name: 'Active', exact: true }).waitFor();
    await row.getByLabel(/New expiry of temporary/).fill('2031-05-01T12:00');
    await row.getByRole('button', { name: /^Set expiry/ }).click();
    await page.getByRole('status').filter({ hasText: 'expires' }).waitFor();
    const listed = (await (await fetch(`${h.gateway.urls.guardrail}/v1/collectors/${collectorId}/keys`, { headers: { authorization: `Bearer ${h.adminToken}` } })).json()) as { items: Array<{ name: string; expires_at: string | null }> };
    expect(new Date(listed.items.find((k) => k.name === 'temporary')!.expires_at!).getFullYear()).to.equal(2031);

    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: /^Revoke/ }).click();
    await page.getByRole('status').filter({ hasText: 'revoked' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const revoked = await fetch(`${h.gateway.urls.guardrail}/v1/evaluate`, { method: 'POST', headers: { authorization: `Bearer ${temporary}`, 'content-type': 'application/json' }, body: JSON.stringify({ direction: 'input', payload: { input: 'hi' } }) });
    expect(revoked.status).to.equal(401);
  });

  it('makes a guardrail policy with a detector rule; its block is found in Activity by trace id; Observe lets the next one through', async function () {
    this.timeout(60_000);
    const page = await h.signedInPage('desktop', '/guardrails/policies');
    await page.getByRole('textbox', { name: 'Policy name' }).fill('no project-x');
    await page.getByRole('textbox', { name: 'Tenant id' }).fill('tenant-a');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Guardrail policy no project-x' }).waitFor();
    policyId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('region', { name: 'Warnings' }).getByText('No collector is chosen').waitFor();

    // Basics: Enforce by default; choose the collector.
    expect(await page.getByRole('radio', { name: 'Enforce' }).isChecked()).to.equal(true);
    await page.getByRole('checkbox', { name: 'support bot (langchain)' }).check();
    await page.getByRole('button', { name: 'Save basics' }).click();
    await page.getByRole('status').filter({ hasText: 'Policy no project-x saved (Enforce)' }).waitFor();

    // Detector rules: the settings form is generated from the detector's schema.
    await page.getByRole('tab', { name: 'Detector rules' }).click();
    await page.getByRole('combobox', { name: 'Detector' }).selectOption('topic_keyword_moderation');
    expect(await page.getByRole('combobox', { name: 'Action' }).locator('option').allTextContents()).to.deep.equal(['Block', 'Monitor']);
    await page.getByRole('textbox', { name: /^keywords/ }).fill('project-x');
    await checkPage(page, 'guardrail policy rule form');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('list', { name: 'Detector rules' }).getByText('topic_keyword_moderation', { exact: true }).waitFor();

    // A bad value comes back beside its field: a threshold above 1.
    await page.getByRole('combobox', { name: 'Detector' }).selectOption('topic_keyword_moderation');
    await page.getByRole('spinbutton', { name: 'Threshold' }).fill('7');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.locator('.field-invalid').filter({ has: page.getByRole('spinbutton', { name: 'Threshold' }) }).waitFor();

    const blocked = await evaluate('please share the plans of project-x');
    expect(blocked.body.status).to.equal('block');

    const activity = await h.signedInPage('desktop', `/guardrails/activity?trace_id=${blocked.body.trace_id}`);
    expect(await activity.getByRole('textbox', { name: 'Trace id' }).inputValue()).to.equal(blocked.body.trace_id);
    const row = activity.getByRole('row').filter({ hasText: blocked.body.trace_id });
    // Activity is written off the request path: refresh until the record is in.
    for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
      await activity.waitForTimeout(250);
      await activity.getByRole('button', { name: 'Refresh' }).click();
    }
    await row.getByRole('cell', { name: 'Block', exact: true }).waitFor();
    await row.getByRole('button', { name: /^Details/ }).click();
    const detail = activity.getByRole('region', { name: 'Evaluation detail' });
    await detail.getByText('Block by detector').waitFor();
    await detail.getByText('project-x').first().waitFor();
    await checkPage(activity, 'activity blocked finding');

    // Observe: the next evaluation is allowed to continue (capped at Monitor).
    await page.getByRole('tab', { name: 'Basics' }).click();
    await page.getByRole('radio', { name: 'Observe' }).check();
    await page.getByRole('button', { name: 'Save basics' }).click();
    await page.getByRole('status').filter({ hasText: 'saved (Observe)' }).waitFor();
    await page.getByRole('region', { name: 'Warnings' }).getByText('Observe mode').waitFor();
    await checkPage(page, 'guardrail policy observe');
    let observed = await evaluate('project-x again');
    for (let i = 0; i < 20 && observed.body.status === 'block'; i++) {
      await page.waitForTimeout(100); // the new config snapshot is installed off the request path
      observed = await evaluate('project-x again');
    }
    expect(observed.body.status).to.equal('report');
    expect(observed.body.findings).to.have.length.greaterThan(0);
  });

  it('adds a gate and a consumer override through their tabs', async () => {
    const page = await h.signedInPage('desktop', `/guardrails/policies/${policyId}`);
    await page.getByRole('tab', { name: 'Gates' }).click();
    await page.getByRole('textbox', { name: 'Gate name' }).fill('no shell');
    await page.getByRole('textbox', { name: 'Field' }).fill('tool.name');
    await page.getByRole('combobox', { name: 'Operator' }).selectOption('in');
    await page.getByRole('textbox', { name: 'Value' }).fill('shell, bash');
    await page.getByRole('combobox', { name: 'Gate action' }).selectOption('ask');
    await page.getByRole('button', { name: 'Add gate' }).click();
    await page.getByRole('list', { name: 'Gates' }).getByText('no shell').waitFor();

    await page.getByRole('tab', { name: 'Consumer overrides' }).click();
    await page.getByRole('textbox', { name: 'Consumer id' }).fill('app-2');
    await page.getByRole('combobox', { name: 'Override mode' }).selectOption('enforce');
    await page.getByRole('textbox', { name: 'Detectors to skip' }).fill('topic_keyword_moderation');
    await page.getByRole('button', { name: 'Add override' }).click();
    await page.getByRole('list', { name: 'Consumer overrides' }).getByText('app-2', { exact: true }).waitFor();
    await screenshot(page, 'guardrail policy override');

    const stored = (await (await fetch(`${h.gateway.urls.guardrail}/v1/policies/${policyId}`, { headers: { authorization: `Bearer ${h.adminToken}` } })).json()) as { gates: unknown[]; overrides: unknown[] };
    expect(stored.gates).to.deep.equal([{ name: 'no shell', when: [{ field: 'tool.name', op: 'in', value: ['shell', 'bash'] }], action: 'ask' }]);
    expect(stored.overrides).to.deep.equal([{ consumer_id: 'app-2', mode: 'enforce', disabled_detectors: ['topic_keyword_moderation'] }]);
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`every guardrail page works and passes axe (${viewport})`, async function () {
      this.timeout(120_000);
      const pages: Array<[string, string]> = [
        ['/guardrails/collectors', 'Collectors'],
        [`/guardrails/collectors/${collectorId}`, 'Collector support bot'],
        [`/guardrails/collectors/${collectorId}?tab=auth`, 'Collector support bot'],
        ['/guardrails/policies', 'Guardrail policies'],
        [`/guardrails/policies/${policyId}`, 'Guardrail policy no project-x'],
        ['/guardrails/activity', 'Activity'],
      ];
      const page = await h.signedInPage(viewport, pages[0][0]);
      for (const [path, title] of pages) {
        await openSignedIn(page, path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByRole('status').filter({ hasText: /in all|Nothing|No / }).first().waitFor().catch(() => undefined);
        await checkPage(page, `${title} ${path.includes('auth') ? 'auth ' : ''}${viewport}`);
      }
      for (const tab of ['Detector rules', 'Gates', 'Consumer overrides']) {
        await openSignedIn(page, `/guardrails/policies/${policyId}`);
        await page.getByRole('tab', { name: tab }).click();
        await checkPage(page, `guardrail policy ${tab} ${viewport}`);
      }
    });
  }
});
