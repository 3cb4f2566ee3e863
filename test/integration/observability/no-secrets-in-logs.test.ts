/**
 * Secrets never reach the logs: a control plane (admin and guardrail planes), a guardrail data
 * plane with the cluster token and one with a wrong token all log to memory, exactly as the
 * process logger formats lines. A guardrail flow runs through them (a collector `tgk_` key
 * created through the management API, evaluations passing, blocking, failing in a detector,
 * and refused for a wrong key) while the wrong data plane is refused; no line may hold a
 * `tgk_` key, its hash, the cluster tokens or the master key.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { hashKey, issueKey } from '../../../core/security/api-keys.js';
import { generateMasterKey } from '../../../core/security/secret-box.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { memoryLog, type MemoryLog } from '../admin/helpers/memory-log.js';
import { eventually } from '../../fixtures/processes/portcullis-process.js';
import { GuardrailClient, keywordRule } from '../guardrail/support/guardrail-client.js';

const throwingDetector = fileURLToPath(new URL('../guardrail/support/throwing-detector', import.meta.url));
const MASTER_KEY = generateMasterKey();
const CLUSTER_TOKEN = 'no-secrets-cluster-token-for-tests-0123456789';
const WRONG_CLUSTER_TOKEN = 'no-secrets-wrong-cluster-token-000000000000';

describe('observability: secrets never reach the logs', function () {
  this.timeout(120_000);
  const logs: Record<'control' | 'data' | 'refused', MemoryLog> = { control: memoryLog(), data: memoryLog(), refused: memoryLog() };
  /** Every value no log line may contain. */
  const secrets = new Set<string>([CLUSTER_TOKEN, WRONG_CLUSTER_TOKEN, MASTER_KEY]);
  let control: TestGateway;
  let data: TestGateway;
  let refused: TestGateway;
  let admin: GuardrailClient;
  let dataPlane: GuardrailClient;

  const dataPlaneEnv = (token: string) => ({
    PORTCULLIS_CONTROL_PLANE_URL: control.urls.admin!,
    PORTCULLIS_MASTER_KEY: MASTER_KEY,
    PORTCULLIS_CLUSTER_TOKEN: token,
    PORTCULLIS_SYNC_HEARTBEAT_MS: '300',
    PORTCULLIS_TELEMETRY_INTERVAL_MS: '200',
  });
  const remember = (key: string) => {
    secrets.add(key);
    secrets.add(hashKey(key));
  };
  const leaks = () =>
    Object.entries(logs).flatMap(([plane, log]) =>
      log.lines.flatMap((line) => [...secrets].filter((secret) => line.includes(secret)).map((secret) => `${plane}: ${secret.slice(0, 8)}… in ${line}`)),
    );

  before(async () => {
    control = await createTestGateway({
      planes: ['admin', 'guardrail'],
      plugins: [throwingDetector],
      log: logs.control.log,
      env: { PORTCULLIS_MASTER_KEY: MASTER_KEY, PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN, PORTCULLIS_SYNC_TIMEOUT_MS: '3000' },
    });
    data = await createTestGateway({ planes: ['guardrail'], plugins: [throwingDetector], log: logs.data.log, env: dataPlaneEnv(CLUSTER_TOKEN) });
    refused = await createTestGateway({ planes: ['guardrail'], plugins: [throwingDetector], log: logs.refused.log, env: dataPlaneEnv(WRONG_CLUSTER_TOKEN) });
    admin = await GuardrailClient.for(control, 't-1');
    dataPlane = await GuardrailClient.for(control, 't-1', data.urls.guardrail!);
  });

  after(async () => {
    await refused?.close();
    await data?.close();
    await control?.close();
  });

  it('runs the guardrail flow on both planes: keys created, evaluations passing, blocking, failing and refused', async () => {
    const { collectorId, key } = await admin.collectorWithKey('rest_api', 'logged collector');
    remember(key);
    expect(key).to.match(/^tgk_/);
    await admin.policy({ collectors: [collectorId], rules: [keywordRule('omega')] });
    const broken = await admin.collectorWithKey('rest_api', 'broken collector');
    remember(broken.key);
    await admin.policy({ name: 'broken', collectors: [broken.collectorId], rules: [{ detector: 'throwing_detector', direction: 'input', action: 'block' }] });
    const wrongKey = issueKey('tgk_').key;
    remember(wrongKey);

    for (const client of [admin, dataPlane]) {
      const where = client === admin ? 'control plane' : 'data plane';
      await eventually(async () => (await client.evaluate(key, { direction: 'input', payload: { input: 'omega here' } })).body?.status === 'block', `the policy on the ${where}`);
      const passed = await client.evaluate(key, { direction: 'input', payload: { input: 'all fine' }, session_id: 's-1' });
      expect(passed.status, where).to.equal(200);
      const failed = await client.evaluate(broken.key, { direction: 'input', payload: { input: 'anything' } });
      expect(failed.status, where).to.equal(503);
      expect((await client.evaluate(wrongKey, { direction: 'input', payload: { input: 'omega' } })).status, where).to.equal(401);
      expect((await client.evaluate(`${key}x`, { direction: 'input', payload: { input: 'omega' } })).status, where).to.equal(401);
    }
  });

  it('refuses the data plane with the wrong cluster token, and logs the refusal', async () => {
    await eventually(async () => {
      const ready = (await (await fetch(`${refused.urls.guardrail}/readyz`)).json()) as { checks: { control_plane: string } };
      return /^401/.test(ready.checks.control_plane);
    }, 'the refusal to be reported');
    expect(logs.refused.lines.some((line) => line.includes('control plane refused this data plane'))).to.equal(true);
    // The data plane with the right token is connected.
    const ready = (await (await fetch(`${data.urls.guardrail}/readyz`)).json()) as { checks: { control_plane: string } };
    expect(ready.checks.control_plane).to.equal('connected');
  });

  it('no log line of any plane holds a tgk_ key, its hash, a cluster token or the master key', () => {
    for (const log of Object.values(logs)) expect(log.lines.length, 'lines were captured').to.be.greaterThan(0);
    expect(leaks()).to.deep.equal([]);
  });
});
