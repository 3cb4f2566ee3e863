/**
 * The console's forms and row actions submit through one hook (`useSubmit`), proven on real
 * pages in a real browser: the button is disabled while the API call is pending, the API's own
 * message is shown when it refuses (never a secret typed in the form), the message is cleared
 * once a later try succeeds, and a double click or a repeated submit sends one request. The API
 * calls are held at the browser's network layer (Playwright routes) so "pending" lasts as long
 * as the test needs, without timers.
 */
import { expect } from 'chai';
import type { Page, Request, Route } from 'playwright-core';
import { startConsoleHarness, type ConsoleHarness } from './support/browser.js';

/** A gate on the browser's requests matching `method` and `pathname`: each waits until released. */
interface HeldRequests {
  /** The requests seen so far (held or released). */
  readonly seen: Request[];
  /** Resolves once `count` requests have been seen. */
  arrived(count: number): Promise<void>;
  /** Lets every held request (and every later one) go on to the API. */
  release(): void;
}

async function holdRequests(page: Page, method: string, pathname: string): Promise<HeldRequests> {
  const seen: Request[] = [];
  const waiters: Array<{ count: number; resolve(): void }> = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === pathname,
    async (route: Route) => {
      if (route.request().method() !== method) return route.fallback();
      seen.push(route.request());
      for (const w of waiters.filter((x) => seen.length >= x.count)) w.resolve();
      await released;
      await route.fallback();
    },
  );
  return {
    seen,
    arrived: (count) => (seen.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    release,
  };
}

describe('console: forms submit once, busy while pending, with the API message on failure', function () {
  // A browser step is bounded by STEP_TIMEOUT_MS; a whole test by this.
  this.timeout(60_000);
  let h: ConsoleHarness;
  let gatewayId = '';

  before(async function () {
    h = await startConsoleHarness(this);
    gatewayId = (await h.admin<{ id: string }>('POST', '/v1/gateways', { slug: 'taken', tenant_id: 'tenant-submit', entitlements: { tier: 'team', caps: { requests_per_minute: 6000 }, max_instances: 50 } })).id;
  });
  after(async () => {
    await h?.close();
  });

  it('disables the button while pending, shows the API message on refusal and clears it once the next try succeeds', async () => {
    const page = await h.signedInPage('desktop', '/gateways');
    const button = page.getByRole('button', { name: 'Create gateway' });
    const slug = page.getByRole('textbox', { name: 'Slug', exact: true });
    await slug.fill('taken');
    await page.getByLabel('Tenant id').fill('tenant-submit');

    const first = await holdRequests(page, 'POST', '/v1/gateways');
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/gateways');
    await button.click();
    await first.arrived(1);
    expect(await button.isDisabled(), 'disabled while the API call is pending').to.equal(true);
    first.release();
    const answer = (await (await refused).json()) as { error: string; message: string };
    expect(answer.error).to.equal('conflict');
    // The API's own message, beside the field it names, and the form's alert pointing at it.
    const fieldError = page.locator('.field-error').filter({ hasText: answer.message });
    await fieldError.waitFor();
    expect(await slug.getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator('form .form-alert').textContent()).to.equal('Not saved: check the field marked below (slug).');
    expect(await button.isDisabled(), 'enabled again after the answer').to.equal(false);
    await page.unrouteAll();

    await slug.fill('fresh-one');
    const second = await holdRequests(page, 'POST', '/v1/gateways');
    await button.click();
    await second.arrived(1);
    expect(await button.isDisabled()).to.equal(true);
    // The refusal stays in view until the next answer arrives, as before.
    expect(await fieldError.count()).to.equal(1);
    second.release();
    await page.getByRole('status').filter({ hasText: 'Gateway fresh-one created.' }).waitFor();
    await fieldError.waitFor({ state: 'detached' });
    expect(await slug.getAttribute('aria-invalid')).to.equal(null);
    expect(await page.locator('form .form-alert').textContent()).to.equal('');
    expect(await button.isDisabled()).to.equal(false);
  });

  it('sends one request when the form is submitted twice before the page re-renders', async () => {
    const page = await h.signedInPage('desktop', '/gateways');
    await page.getByRole('textbox', { name: 'Slug', exact: true }).fill('twice-in-one-task');
    await page.getByLabel('Tenant id').fill('tenant-submit');
    const posts = await holdRequests(page, 'POST', '/v1/gateways');
    // Two submits in one task: the disabled button alone cannot stop the second.
    await page.locator('form.record-form').evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
      form.requestSubmit();
    });
    await posts.arrived(1);
    posts.release();
    await page.getByRole('status').filter({ hasText: 'Gateway twice-in-one-task created.' }).waitFor();
    expect(await page.locator('form .form-alert').textContent(), 'no refusal of a second copy').to.equal('');
    expect(posts.seen).to.have.length(1);
  });

  it('a double click on Create credential creates one vault credential, not two', async () => {
    const page = await h.signedInPage('desktop', `/gateways/${gatewayId}/vault-credentials`);
    await page.getByRole('textbox', { name: 'Credential name' }).fill('double clicked');
    await page.getByLabel(/^Secret/).fill('sk-double-click-secret');
    const posts = await holdRequests(page, 'POST', `/v1/gateways/${gatewayId}/vault-credentials`);
    await page.getByRole('button', { name: 'Create credential' }).dblclick();
    await posts.arrived(1);
    posts.release();
    await page.getByRole('status').filter({ hasText: 'Credential double clicked created.' }).waitFor();
    const listed = await h.admin<{ items: Array<{ name: string }> }>('GET', `/v1/gateways/${gatewayId}/vault-credentials`);
    expect(listed.items.map((c) => c.name)).to.deep.equal(['double clicked']);
    expect(posts.seen).to.have.length(1);
  });

  it('a double click on Create API key makes one key for the consumer', async () => {
    const consumer = await h.admin<{ id: string }>('POST', `/v1/gateways/${gatewayId}/consumers`, { slug: 'keyed' });
    const page = await h.signedInPage('desktop', `/gateways/${gatewayId}/consumers/${consumer.id}`);
    const posts = await holdRequests(page, 'POST', `/v1/gateways/${gatewayId}/auths`);
    await page.getByRole('button', { name: 'Create API key' }).dblclick();
    await posts.arrived(1);
    posts.release();
    await page.getByRole('dialog', { name: "The consumer's API key" }).waitFor();
    const attached = await h.admin<{ auth_ids?: string[] }>('GET', `/v1/gateways/${gatewayId}/consumers/${consumer.id}`);
    expect(attached.auth_ids ?? []).to.have.length(1);
    expect(posts.seen).to.have.length(1);
  });

  it('a double click on a policy row\'s Duplicate makes one copy', async () => {
    await h.admin('POST', `/v1/gateways/${gatewayId}/policies`, { type: 'request_size_limiter', name: 'size cap', settings: { max_bytes: 1048576 } });
    const page = await h.signedInPage('desktop', `/gateways/${gatewayId}/policies`);
    const listed = await h.admin<{ items: Array<{ id: string }> }>('GET', `/v1/gateways/${gatewayId}/policies`);
    const posts = await holdRequests(page, 'POST', `/v1/gateways/${gatewayId}/policies/${listed.items[0].id}/duplicate`);
    await page.getByRole('button', { name: 'Duplicate size cap' }).dblclick();
    await posts.arrived(1);
    posts.release();
    await page.getByRole('status').filter({ hasText: 'Policy size cap duplicated.' }).waitFor();
    expect((await h.admin<{ total: number }>('GET', `/v1/gateways/${gatewayId}/policies`)).total).to.equal(2);
    expect(posts.seen).to.have.length(1);
  });

  it('a refused vault credential shows the API message and never the typed secret', async () => {
    const page = await h.signedInPage('desktop', `/gateways/${gatewayId}/vault-credentials`);
    await page.getByLabel(/^Secret/).fill('sk-never-shown-secret');
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/vault-credentials'));
    await page.getByRole('button', { name: 'Create credential' }).click();
    const answer = (await (await refused).json()) as { error: string; message: string };
    expect(answer.error).to.equal('validation_failed');
    await page.locator('.field-error').filter({ hasText: answer.message }).waitFor();
    expect(await page.content()).to.not.include('sk-never-shown-secret');
  });

  it('a guardrail rule being removed holds the Add rule form until the list is saved, so neither change is lost', async () => {
    const page = await h.signedInPage('desktop', '/guardrails/policies');
    await page.getByRole('textbox', { name: 'Policy name' }).fill('one change at a time');
    await page.getByRole('textbox', { name: 'Tenant id' }).fill('tenant-submit');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Guardrail policy one change at a time' }).waitFor();
    const policyId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('tab', { name: 'Detector rules' }).click();
    await page.getByRole('combobox', { name: 'Detector' }).selectOption('topic_keyword_moderation');
    await page.getByRole('textbox', { name: /^keywords/ }).fill('project-x');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('list', { name: 'Detector rules' }).getByText('topic_keyword_moderation', { exact: true }).waitFor();

    // Each save sends the whole list as the page knows it: an Add sent while a Remove is pending
    // would send the removed rule back, so the form waits.
    await page.getByRole('combobox', { name: 'Detector' }).selectOption('topic_keyword_moderation');
    const addRule = page.getByRole('button', { name: 'Add rule' });
    expect(await addRule.isDisabled(), 'enabled before').to.equal(false);
    const held = await holdRequests(page, 'PATCH', `/v1/policies/${policyId}`);
    await page.getByRole('button', { name: /^Remove rule 1/ }).click();
    await held.arrived(1);
    expect(await addRule.isDisabled(), 'disabled while the removal is pending').to.equal(true);
    held.release();
    await page.getByText('No detector rule yet.').waitFor();
    expect(await addRule.isDisabled(), 'enabled again once saved').to.equal(false);
    expect(held.seen).to.have.length(1);
    await page.unrouteAll();
  });
});
