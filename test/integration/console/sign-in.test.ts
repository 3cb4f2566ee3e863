/**
 * The console in a real browser: the sign-in page, signing in with an admin token to see the
 * gateways, the token kept in memory only (a reload signs out), signing out, and a wrong token
 * refused with the API's message. Each page at 1280 and 390 px, axe-checked, screenshotted.
 */
import { expect } from 'chai';
import { expectNoCspViolations, expectNoSeriousA11yViolations, screenshot, signIn, startConsoleHarness, type ConsoleHarness } from './support/browser.js';

describe('console: sign-in and the gateway list', function () {
  // A browser step is bounded by STEP_TIMEOUT_MS; a whole test by this.
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async function () {
    h = await startConsoleHarness(this);
    await h.admin('POST', '/v1/gateways', { slug: 'acme-console', name: 'Acme', tenant_id: 'tenant-a', entitlements: { tier: 'team', caps: { requests_per_minute: 6000 }, max_instances: 5 } });
  });
  after(async () => {
    await h?.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`the sign-in page says the token stays in memory and passes axe (${viewport})`, async () => {
      const page = await h.newPage(viewport);
      await page.goto(h.consoleUrl);
      await page.getByRole('heading', { name: 'Sign in to the Portcullis console' }).waitFor();
      expect(await page.getByText('reloading or closing the page signs you out').count()).to.equal(1);
      await expectNoSeriousA11yViolations(page);
      expectNoCspViolations(page);
      await screenshot(page, `sign-in ${viewport}`);
    });

    it(`signing in with an admin token shows the gateways (${viewport})`, async () => {
      const page = await h.signedInPage(viewport);
      await page.getByRole('link', { name: 'acme-console' }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Gateways');
      if (viewport === 'phone') {
        // The navigation collapses behind the Menu button.
        expect(await page.getByRole('navigation', { name: 'Console' }).isVisible()).to.equal(false);
        await page.getByRole('button', { name: 'Menu' }).click();
        expect(await page.getByRole('navigation', { name: 'Console' }).isVisible()).to.equal(true);
      }
      const navigation = page.getByRole('navigation', { name: 'Console', includeHidden: true });
      for (const area of ['Gateways', 'Registries', 'Consumers', 'Policies', 'Roles', 'Vault credentials', 'Playground', 'Usage and spend', 'Data-plane connections', 'Collectors', 'Guardrail policies', 'Activity']) {
        expect(await navigation.getByRole('link', { name: area, exact: true, includeHidden: true }).count(), area).to.equal(1);
      }
      await expectNoSeriousA11yViolations(page);
      expectNoCspViolations(page);
      await screenshot(page, `gateways ${viewport}`);
    });
  }

  it('keeps the token in memory only: nothing in storage or cookies, a reload signs out, sign-out clears it', async () => {
    const page = await h.signedInPage('desktop');
    await page.getByRole('link', { name: 'acme-console' }).waitFor();
    const stored = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookies: document.cookie }));
    expect(stored).to.deep.equal({ local: 0, session: 0, cookies: '' });
    expect(await page.context().cookies()).to.deep.equal([]);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to the Portcullis console' }).waitFor();
    await signIn(page, h.adminToken);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the Portcullis console' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Admin token' }).inputValue()).to.equal('');
  });

  it('signs in with a machine credential exchanged at POST /v1/auth/token', async () => {
    const credential = await h.admin<{ client_id: string; client_secret: string }>('POST', '/v1/machine-credentials', { name: 'console ci', roles: ['tenant_admin'], tenant_id: 'tenant-a' });
    const page = await h.newPage('desktop');
    await page.goto(h.consoleUrl);
    await page.getByRole('textbox', { name: 'Client id' }).fill(credential.client_id);
    await page.getByLabel('Client secret').fill(credential.client_secret);
    await page.getByRole('button', { name: 'Sign in with the credential' }).click();
    await page.getByRole('link', { name: 'acme-console' }).waitFor();
    expect(await page.locator('.subject').textContent()).to.equal(`machine:${credential.client_id}`);
    // A tenant admin names no tenant and stamps no entitlements.
    expect(await page.getByRole('textbox', { name: 'Tenant id' }).count()).to.equal(0);
    await screenshot(page, 'signed in with a machine credential');
  });

  it('a session whose token the API stops accepting returns to sign-in and says why', async () => {
    const credential = await h.admin<{ id: string; client_id: string; client_secret: string }>('POST', '/v1/machine-credentials', { name: 'revoked soon', roles: ['platform_admin'] });
    const page = await h.newPage('desktop');
    await page.goto(h.consoleUrl);
    await page.getByRole('textbox', { name: 'Client id' }).fill(credential.client_id);
    await page.getByLabel('Client secret').fill(credential.client_secret);
    await page.getByRole('button', { name: 'Sign in with the credential' }).click();
    await page.getByRole('link', { name: 'acme-console' }).waitFor();
    await h.admin('DELETE', `/v1/machine-credentials/${credential.id}`);
    // The next page that calls the API finds the token refused.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Data-plane connections' }).click();
    await page.getByRole('heading', { name: 'Sign in to the Portcullis console' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'The API refused your token' }).count()).to.equal(1);
  });

  it('a wrong client secret is refused with the API message', async () => {
    const page = await h.newPage('desktop');
    await page.goto(h.consoleUrl);
    await page.getByRole('textbox', { name: 'Client id' }).fill('mc_unknown');
    await page.getByLabel('Client secret').fill('wrong');
    await page.getByRole('button', { name: 'Sign in with the credential' }).click();
    await page.getByRole('alert').filter({ hasText: 'unknown client_id or wrong client_secret' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).to.equal(0);
  });

  it('a wrong token is refused with the API message beside the field', async () => {
    const page = await h.newPage('desktop');
    await page.goto(h.consoleUrl);
    await page.getByRole('textbox', { name: 'Admin token' }).fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: /token/i }).first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).to.equal(0);
    await screenshot(page, 'sign-in refused');
  });

  it('pages through a long gateway list with the API\'s page and size', async () => {
    for (let i = 1; i <= 24; i++) {
      await h.admin('POST', '/v1/gateways', { slug: `paged-${String(i).padStart(2, '0')}`, tenant_id: 'tenant-paged', entitlements: { tier: 'team', caps: { requests_per_minute: 60 }, max_instances: 100 } });
    }
    const page = await h.signedInPage('phone');
    const table = page.getByRole('region', { name: 'Gateways', exact: true });
    await table.getByRole('row').nth(1).waitFor();
    const first = await table.getByRole('row').allTextContents();
    expect(first).to.have.length(21);
    const pager = page.getByRole('navigation', { name: 'Gateways: pages' });
    expect(await pager.textContent()).to.contain('Page 1 of 2');
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Page 2 of 2').waitFor();
    await page.getByRole('status').filter({ hasText: '25 in all' }).waitFor();
    const second = await table.getByRole('row').allTextContents();
    expect(second).to.have.length(6);
    expect(second.slice(1).some((row) => first.includes(row))).to.equal(false);
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).to.equal(true);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'gateways page 2');
  });
});
