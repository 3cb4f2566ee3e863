/**
 * The running Portcullis every fuzz target sends its cases to: all three planes on 127.0.0.1,
 * logging to memory exactly as the process logger formats lines, with the five fake chat
 * upstreams, one OpenAI fake serving the non-chat routes, and secrets of every kind seeded
 * with recognisable values (registry api keys, a vault credential behind a registry, the
 * consumer's `ag_` key, a collector's `tgk_` key, the admin JWT secret, the master key). Every answer and
 * every log line is scanned for them. The consumer's chain holds a guardrails policy (keyword
 * block and PII masking, both directions), rate and token limits per model, and the cache.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import type { WireFormatId } from '../../../core/canonical/index.js';
import { COLLECTIONS, type RegistryRecord } from '../../../core/records/types.js';
import { hashKey } from '../../../core/security/api-keys.js';
import { generateMasterKey } from '../../../core/security/secret-box.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { SecretList } from '../../integration/admin/helpers/admin-client.js';
import { memoryLog, type MemoryLog } from '../../integration/admin/helpers/memory-log.js';
import { GuardrailClient, keywordRule, maskRule } from '../../integration/guardrail/support/guardrail-client.js';
import { FORMATS, startAllUpstreams, UPSTREAM } from '../../integration/proxy/support/upstreams.js';
import type { FakeUpstream } from '../../fixtures/providers/fake-upstream.js';
import { audioRoutes } from '../../fixtures/providers/openai/audio-route.js';
import { embeddingsRoutes } from '../../fixtures/providers/openai/embeddings-route.js';
import { openAIFilesRoutes } from '../../fixtures/providers/openai/files-route.js';
import { imagesRoutes } from '../../fixtures/providers/openai/images-route.js';
import { startFakeOpenAI } from '../../fixtures/providers/openai/server.js';
import type { ScriptedUpstream } from '../../fixtures/providers/scripted-http-server.js';

/** A value no answer or log line may hold; recognisable when one does. */
const recognisable = (kind: string) => `fuzz-secret-${kind}-${randomBytes(12).toString('hex')}`;

/** The tenant every fuzz gateway belongs to. */
export const FUZZ_TENANT = 'tenant-fuzz';

export interface FuzzWorld {
  gateway: TestGateway;
  logs: MemoryLog;
  secrets: SecretList;
  /** The gateway record the consumers, registries and policies belong to. */
  gatewayId: string;
  /** Admin tokens: a platform admin and a tenant admin of `FUZZ_TENANT`. */
  tokens: { platform: string; tenant: string };
  /** The chat upstream fakes, by the wire format they speak, and their registries. */
  upstreams: Record<WireFormatId, FakeUpstream>;
  registries: Record<WireFormatId, RegistryRecord>;
  /** The OpenAI fake serving images, audio, files and embeddings. */
  endpoints: ScriptedUpstream;
  /** The consumer bound to every registry: slug, `ag_` key and proxy base URL. */
  consumer: { id: string; slug: string; key: string; base: string };
  /** A guardrail collector key whose policy blocks `forbidden-word`, masks PII on input and output, runs every other detector and a gate. */
  collectorKey: string;
  /** `@{registry slug}/{model}`: pins the upstream speaking `format`. */
  pin(format: WireFormatId): string;
  /** Log lines holding a secret (must stay empty). */
  leakedInLogs(): string[];
  close(): Promise<void>;
}

/** Starts the world; close it in `after()`, which also fails on any leaked secret. */
export async function startFuzzWorld(): Promise<FuzzWorld> {
  const logs = memoryLog();
  const secrets = new SecretList();
  const masterKey = generateMasterKey();
  const gateway = await createTestGateway({ log: logs.log, planes: ['admin', 'proxy', 'guardrail'], env: { PORTCULLIS_MASTER_KEY: masterKey } });
  secrets.add(gateway.jwtSecret, masterKey);
  const tokens = {
    platform: await mintAdminToken(gateway.jwtSecret, { sub: 'fuzz-platform', roles: ['platform_admin'] }),
    tenant: await mintAdminToken(gateway.jwtSecret, { sub: 'fuzz-tenant', roles: ['tenant_admin'], tenantId: FUZZ_TENANT }),
  };
  const { id: gatewayId } = await gateway.seed.gateway({ tenant_id: FUZZ_TENANT });

  const upstreams = await startAllUpstreams();
  const endpoints = await startFakeOpenAI({ routes: [...embeddingsRoutes, ...imagesRoutes, ...audioRoutes, ...openAIFilesRoutes('fuzz')] });
  const registries = {} as Record<WireFormatId, RegistryRecord>;
  for (const format of FORMATS) {
    const { provider, model, slug } = UPSTREAM[format];
    const apiKey = recognisable(`registry-${format}`);
    secrets.add(apiKey);
    registries[format] = await gateway.seed.registry(gatewayId, { provider, slug, base_url: upstreams[format].url, apiKey, models: [model] });
  }
  // The non-chat registry takes its key from a vault credential created through the admin API.
  const vaultSecret = recognisable('vault');
  secrets.add(vaultSecret);
  const vaultCredential = async (name: string, secret: string): Promise<string> => {
    const created = await fetch(`${gateway.urls.admin}/v1/gateways/${gatewayId}/vault-credentials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.tenant}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, secret }),
    });
    expect(created.status, `vault credential ${name} created`).to.equal(201);
    return ((await created.json()) as { id: string }).id;
  };
  const credentialId = await vaultCredential('fuzz vault credential', vaultSecret);
  const endpointRegistry = await gateway.seed.registry(gatewayId, { provider: 'openai', slug: 'up-endpoints', base_url: endpoints.url });
  await gateway.seed.update(COLLECTIONS.registries, endpointRegistry._id, { $set: { auth: { credential_id: credentialId } } });

  const slug = 'fuzz-app';
  const { consumer, key } = await gateway.seed.consumer(gatewayId, {
    slug,
    registries: [...FORMATS.map((f) => ({ registry_id: registries[f]._id, weight: 1 })), { registry_id: endpointRegistry._id, weight: 1 }],
  });
  secrets.add(key, hashKey(key));
  await gateway.configChanged();

  const guardrail = await GuardrailClient.for(gateway, FUZZ_TENANT);
  const { collectorId, key: collectorKey } = await guardrail.collectorWithKey('rest_api', 'fuzz collector');
  secrets.add(collectorKey, hashKey(collectorKey));
  // Every detector runs on every evaluation (monitor only, besides the keyword block and the
  // masking), and a gate reads attributes, so fuzzed payloads reach each of them.
  const monitored = ['prompt_guard', 'toxicity', 'url_analyzer', 'doc_analyzer', 'indirect_prompt_injection'].map((detector) => ({ detector, direction: 'both', action: 'monitor' }));
  await guardrail.policy({
    name: 'fuzz policy',
    collectors: [collectorId],
    gates: [{ name: 'no shell', when: [{ field: 'tool.name', op: 'in', value: ['shell'] }, { field: 'tool.command', op: 'matches', value: '^rm ' }], action: 'block' }],
    rules: [keywordRule('forbidden-word', 'block', 'both'), maskRule('both'), ...monitored],
  });

  // The consumer's chain: every kind of gate and stage a fuzzed request can reach, none tight
  // enough to refuse the fuzzing itself. The guardrails policy evaluates in process.
  const policies: Array<{ type: string; settings: Record<string, unknown> }> = [
    // The key through a vault credential: an inline key is shown back by the policy views.
    { type: 'guardrails', settings: { key: { credential_id: await vaultCredential('fuzz collector key', collectorKey) }, directions: ['input', 'output'] } },
    { type: 'rate_limiter', settings: { limits: [{ requests: 1_000_000, window: 'minute' }], partition_by: ['model'] } },
    { type: 'token_rate_limiter', settings: { limits: [{ amount: 1_000_000_000, window: 'day', per_model: true }] } },
    { type: 'cache', settings: { ttl_seconds: 60 } },
  ];
  for (const policy of policies) await gateway.seed.policy(gatewayId, policy, [consumer._id]);
  await gateway.configChanged();

  const leakedInLogs = () => logs.lines.filter((line) => secrets.foundIn(line).length > 0);
  return {
    gateway,
    logs,
    secrets,
    gatewayId,
    tokens,
    upstreams,
    registries,
    endpoints,
    consumer: { id: consumer._id, slug, key, base: gateway.proxyUrl(slug) },
    collectorKey,
    pin: (format) => `@${UPSTREAM[format].slug}/${UPSTREAM[format].model}`,
    leakedInLogs,
    async close() {
      // FUZZ_LOG=1 shows what the gateway logged as errors, the first thing to read after a 5xx.
      if (process.env.FUZZ_LOG) for (const line of logs.lines.filter((l) => /"level":"(error|warn)"/.test(l)).slice(0, 20)) console.log(`      log: ${line.trim()}`);
      await gateway.close();
      await Promise.all([...Object.values(upstreams), endpoints].map((u) => u.close()));
      expect(leakedInLogs(), 'log lines holding a secret').to.deep.equal([]);
    },
  };
}

/** The last test of every fuzz file: no line the gateway logged during the file holds a seeded secret. */
export function itLeavesNoSecretInLogs(world: () => FuzzWorld): void {
  it('no log line of the gateway holds a seeded secret', () => {
    expect(world().logs.lines.length, 'lines were captured').to.be.greaterThan(0);
    expect(world().leakedInLogs()).to.deep.equal([]);
  });
}
