/**
 * A split deployment as real processes: the control plane (admin + guardrail planes, with the
 * store) serves the management paths; a guardrail data plane (no store) serves only
 * /v1/evaluate*, health and metrics from the config the control plane pushed, and ships its
 * Activity records to the control plane.
 */
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { generateMasterKey } from '../../../core/security/secret-box.js';
import { TempDirs } from '../../fixtures/files/temp-dir.js';
import { eventually, startPortcullisProcess, type PortcullisProcess } from '../../fixtures/processes/portcullis-process.js';

const MASTER_KEY = generateMasterKey();
const CLUSTER_TOKEN = 'cluster-secret-for-guardrail-tests-0123';
const JWT_SECRET = 'admin-jwt-secret-for-guardrail-tests-0123';
const METRICS_TOKEN = 'metrics-token-for-guardrail-tests-0123456';

describe('guardrail split deployment (real processes)', function () {
  this.timeout(120_000);
  const dirs = new TempDirs('portcullis-guardrail-');
  let cp: PortcullisProcess;
  let dp: PortcullisProcess;
  let token: string;

  const call = async (base: string, method: string, path: string, body?: unknown, auth = token) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, any> };
  };

  before(async () => {
    cp = await startPortcullisProcess(
      ['--planes', 'admin,guardrail', '--admin-port', '0', '--guardrail-port', '0', '--data-dir', dirs.make('cp')],
      ['admin', 'guardrail'],
      { PORTCULLIS_MASTER_KEY: MASTER_KEY, PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN, PORTCULLIS_ADMIN_JWT_SECRET: JWT_SECRET },
    );
    dp = await startPortcullisProcess(
      ['--planes', 'guardrail', '--guardrail-port', '0', '--data-dir', dirs.make('dp'), '--control-plane-url', cp.urls.admin],
      ['guardrail'],
      { PORTCULLIS_MASTER_KEY: MASTER_KEY, PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN, PORTCULLIS_SYNC_HEARTBEAT_MS: '300', PORTCULLIS_TELEMETRY_INTERVAL_MS: '200', PORTCULLIS_METRICS_TOKEN: METRICS_TOKEN },
    );
    token = await mintAdminToken(JWT_SECRET, { sub: 'ops', tenantId: 't-1', roles: ['tenant_admin'] });
  });

  after(async () => {
    await dp?.stop();
    await cp?.stop();
    dirs.removeAll();
  });

  it('evaluates on the data plane with config written on the control plane, and ships Activity back', async () => {
    const collector = await call(cp.urls.guardrail, 'POST', '/v1/collectors', { name: 'edge', type: 'kong_ai_gateway' });
    expect(collector.status).to.equal(201);
    const key = (await call(cp.urls.guardrail, 'POST', `/v1/collectors/${collector.body.id}/keys`, {})).body.key as string;
    const policy = await call(cp.urls.guardrail, 'POST', '/v1/policies', {
      name: 'edge policy',
      collectors: [collector.body.id],
      rules: [{ detector: 'topic_keyword_moderation', direction: 'input', action: 'block', settings: { keywords: ['project-x'] } }],
    });
    expect(policy.status).to.equal(201);

    let traceId = '';
    await eventually(async () => {
      const res = await call(dp.urls.guardrail, 'POST', '/v1/evaluate', { direction: 'input', payload: { input: 'project-x' }, session_id: 'edge-1' }, key);
      traceId = res.body?.trace_id;
      return res.status === 200 && res.body.status === 'block';
    }, 'the data plane evaluates with the pushed policy');

    await eventually(async () => {
      const res = await call(cp.urls.guardrail, 'GET', `/v1/activity?trace_id=${traceId}`);
      return res.status === 200 && res.body.total === 1 && res.body.items[0].status === 'block' && typeof res.body.items[0].node_id === 'string';
    }, 'the activity record reaches the control plane');
  });

  it('the data plane serves no management path, but health and metrics', async () => {
    for (const path of ['/v1/collectors', '/v1/policies', '/v1/activity', '/v1/catalog/collectors']) {
      const res = await call(dp.urls.guardrail, 'GET', path);
      expect(res.status, path).to.equal(404);
      expect(res.body.request_id).to.be.a('string');
    }
    expect((await fetch(`${dp.urls.guardrail}/healthz`)).status).to.equal(200);
    expect((await fetch(`${dp.urls.guardrail}/metrics`)).status).to.equal(401);
    const metrics = await fetch(`${dp.urls.guardrail}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).to.equal(200);
    expect(await metrics.text()).to.contain('portcullis_guardrail_evaluations_total{status="block"}');
  });
});
