/**
 * The images routes (spec 4.2): generations (JSON), edits and variations (multipart, not
 * rewritten; the form `model` read for allow-lists, deployments and pins). Candidates are the
 * OpenAI kind, its cloud-hosted variant, custom OpenAI-compatible endpoints and aggregators;
 * chat-only providers are left out. Routing filters to image-capable registries, then resolves
 * and balances on that pool; pinning a registry that cannot generate images is 400 (not a
 * failover); an empty capable pool is 503. GET is 400, bare `/v1/images` and extra tails 404.
 */
import { expect } from 'chai';
import OpenAI, { toFile } from 'openai';
import { call, openAIError, startEndpointWorld, type EndpointWorld } from './support/endpoint-world.js';
import { handBuiltForm, recordedBytes } from './support/hand-built-form.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('proxy endpoints: images', () => {
  let world: EndpointWorld;

  before(async () => {
    world = await startEndpointWorld();
  });
  after(async () => {
    await world?.close();
  });

  it('generations through the OpenAI SDK: the native model upstream, the answer as given, trace and selection headers', async () => {
    const c = await world.consumer('img-gen', ['ant', 'oa']);
    const { data, response } = await c.client.images.generate({ model: 'dall-e-3', prompt: 'a lighthouse', n: 2, size: '1024x1024' }).withResponse();
    expect(data.data!.map((d) => d.url)).to.deep.equal(['https://images.example/generations/dall-e-3/0.png', 'https://images.example/generations/dall-e-3/1.png']);
    expect(response.headers.get('x-ag-trace-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-selected-provider')).to.equal('openai');
    expect(response.headers.get('x-selected-model')).to.equal('dall-e-3');
    const sent = world.fakes.oa.requests.at(-1)!;
    expect(sent.path).to.equal('/v1/images/generations');
    expect(sent.body).to.deep.equal({ model: 'dall-e-3', prompt: 'a lighthouse', n: 2, size: '1024x1024' });
    expect(world.hits('ant')).to.equal(0);
  });

  it('edits through the OpenAI SDK: multipart forwarded, its model read for routing', async () => {
    const c = await world.consumer('img-edit', ['oa']);
    const { data, response } = await c.client.images
      .edit({ model: 'gpt-image-1', prompt: 'add a boat', image: await toFile(Buffer.from('not really a png'), 'in.png', { type: 'image/png' }) })
      .withResponse();
    expect(data.data![0].url).to.equal('https://images.example/edits/gpt-image-1/0.png');
    expect(response.headers.get('x-selected-model')).to.equal('gpt-image-1');
    const sent = world.fakes.oa.requests.at(-1)!;
    expect(sent.path).to.equal('/v1/images/edits');
    expect(String(sent.headers['content-type'])).to.match(/^multipart\/form-data; boundary=/);
  });

  it('variations: the multipart body reaches the upstream byte for byte, Content-Type and boundary included', async () => {
    const c = await world.consumer('img-var', ['oa2']);
    const form = handBuiltForm([
      { name: 'model', value: 'dall-e-2' },
      { name: 'n', value: '1' },
      { name: 'note', value: 'ünïcødé ✓ survives' },
      { name: 'image', value: 'pretend PNG — ✓', filename: 'in.png', type: 'image/png' },
    ]);
    const response = await call(c, 'POST', '/v1/images/variations', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(response.status).to.equal(200);
    expect((await response.json()).data[0].url).to.equal('https://images.example/variations/dall-e-2/0.png');
    const sent = world.fakes.oa2.requests.at(-1)!;
    expect(sent.headers['content-type']).to.equal(form.contentType);
    expect(Number(sent.headers['content-length'])).to.equal(form.body.length);
    expect(recordedBytes(sent.body).equals(form.body)).to.equal(true);
  });

  it('a form model pins a registry and maps to a deployment; the form itself is not rewritten', async () => {
    const c = await world.consumer('img-form-route', ['oa', 'oa2', 'az']);
    const pinned = handBuiltForm([{ name: 'model', value: '@oa2/dall-e-2' }, { name: 'image', value: 'img', filename: 'a.png', type: 'image/png' }]);
    for (let i = 0; i < 3; i++) {
      const before = world.hits('oa2');
      const response = await call(c, 'POST', '/v1/images/variations', { body: pinned.body, headers: { 'content-type': pinned.contentType } });
      expect(response.status).to.equal(200);
      expect(response.headers.get('x-selected-model')).to.equal('dall-e-2');
      expect(world.hits('oa2')).to.equal(before + 1);
      expect(recordedBytes(world.fakes.oa2.requests.at(-1)!.body).equals(pinned.body)).to.equal(true);
    }
    const deployed = handBuiltForm([{ name: 'prompt', value: 'more sky' }, { name: 'model', value: '@az/gpt-image-1' }, { name: 'image', value: PNG, filename: 'a.png', type: 'image/png' }]);
    const response = await call(c, 'POST', '/v1/images/edits', { body: deployed.body, headers: { 'content-type': deployed.contentType } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('x-selected-provider')).to.equal('azure-openai');
    expect(response.headers.get('x-selected-model')).to.equal('gpt-image-1');
    const sent = world.fakes.az.requests.at(-1)!;
    expect(sent.path).to.equal('/openai/deployments/img-deploy/images/edits');
    expect(sent.query['api-version']).to.equal('2024-10-21');
    expect(sent.headers['api-key']).to.equal('key-az');
    expect(Number(sent.headers['content-length'])).to.equal(deployed.body.length);
  });

  it('a form model outside the allow-list is refused before any upstream call', async () => {
    const c = await world.consumer('img-form-allow', ['oa'], { model_policies: [{ registry_id: world.registries.oa._id, allow: ['dall-e-2'] }] });
    const before = world.hits('oa');
    const form = handBuiltForm([{ name: 'model', value: 'gpt-image-1' }, { name: 'image', value: 'img', filename: 'a.png' }]);
    const response = await call(c, 'POST', '/v1/images/variations', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(response.status).to.equal(403);
    expect(await openAIError(response)).to.contain('gpt-image-1');
    expect(world.hits('oa')).to.equal(before);
  });

  it('candidates: the OpenAI kind, its cloud-hosted variant, a custom endpoint and an aggregator share the pool; chat-only providers never see a call', async () => {
    const c = await world.consumer('img-pool', ['ds', 'oa', 'custom', 'ant', 'router', 'az']);
    const before = { oa: world.hits('oa'), custom: world.hits('custom'), router: world.hits('router'), az: world.hits('az') };
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { response } = await c.client.images.generate({ model: 'auto', prompt: 'p' }).withResponse();
      seen.push(response.headers.get('x-selected-provider')!);
    }
    expect(seen.sort()).to.deep.equal(['azure-openai', 'azure-openai', 'openai', 'openai', 'openai-compatible', 'openai-compatible', 'openrouter', 'openrouter']);
    expect(world.hits('oa') - before.oa).to.equal(2);
    expect(world.hits('custom') - before.custom).to.equal(2);
    expect(world.hits('router') - before.router).to.equal(2);
    expect(world.hits('az') - before.az).to.equal(2);
    expect(world.hits('ds') + world.hits('ant')).to.equal(0);
    // The OpenAI registry takes its catalog image model; the cloud-hosted one its image deployment;
    // endpoints without a known image model get no model and use their own default.
    expect(world.fakes.oa.requests.at(-1)!.body).to.deep.include({ model: 'gpt-image-1' });
    expect(world.fakes.az.requests.at(-1)!.path).to.equal('/openai/deployments/img-deploy/images/generations');
    expect(world.fakes.custom.requests.at(-1)!.body).to.deep.equal({ prompt: 'p' });
    expect(world.fakes.custom.requests.at(-1)!.path).to.equal('/v1/images/generations');
  });

  it('an explicit model is balanced over every image-capable registry allowing it', async () => {
    const c = await world.consumer('img-balance', ['oa', 'ds', 'oa2']);
    const before = [world.hits('oa'), world.hits('oa2')];
    for (let i = 0; i < 4; i++) await c.client.images.generate({ model: 'dall-e-3', prompt: 'p' });
    expect([world.hits('oa') - before[0], world.hits('oa2') - before[1]]).to.deep.equal([2, 2]);
    expect(world.hits('ds')).to.equal(0);
  });

  it('pinning a registry that cannot generate images is 400, not a failover; an empty capable pool is 503', async () => {
    const c = await world.consumer('img-pin-chat', ['ant', 'oa'], { fallback: { targets: ['@oa/dall-e-3'], on: ['5xx', '4xx'] } });
    const before = world.hits('oa');
    const err = (await c.client.images.generate({ model: '@ant/claude-sonnet-4-5', prompt: 'p' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.BadRequestError);
    expect(err.message).to.contain('cannot serve images');
    expect(err.headers?.get('x-gateway-error-source')).to.equal('gateway');
    expect(world.hits('oa')).to.equal(before);
    const none = await world.consumer('img-none', ['ant', 'ds', 'co']);
    const empty = (await none.client.images.generate({ model: 'dall-e-3', prompt: 'p' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(empty.status).to.equal(503);
    expect(empty.headers?.get('x-ag-trace-id')).to.be.a('string');
    expect(world.hits('ant') + world.hits('ds')).to.equal(0);
  });

  it('a failing upstream falls back along the consumer chain to another image-capable registry', async () => {
    const c = await world.consumer('img-fallback', ['oa', 'oa2', 'ant'], { fallback: { targets: ['@ant/claude-sonnet-4-5', '@oa2/dall-e-3'], on: ['5xx'] } });
    world.fakes.oa.enqueue({ kind: 'error', status: 500, message: 'images down' });
    const { response } = await c.client.images.generate({ model: '@oa/dall-e-3', prompt: 'p' }).withResponse();
    expect(response.status).to.equal(200);
    expect(world.fakes.oa2.requests.at(-1)!.path).to.equal('/v1/images/generations');
    expect(world.hits('ant')).to.equal(0);
  });

  it('generations: wrongly typed fields are a 400 naming the field, in the OpenAI error format, before any upstream call', async () => {
    const c = await world.consumer('img-types', ['oa']);
    const before = world.hits('oa');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ model: 'dall-e-3', prompt: 'a lighthouse', n: 'three' }, 'n'],
      [{ model: 'dall-e-3', prompt: 'a lighthouse', n: 1.5 }, 'n'],
      [{ model: 'dall-e-3', prompt: 'a lighthouse', n: 0 }, 'n'],
      [{ model: 'dall-e-3', prompt: 'a lighthouse', size: 5 }, 'size'],
      [{ model: 'dall-e-3', prompt: { text: 'a lighthouse' } }, 'prompt'],
      [{ model: 'dall-e-3' }, 'prompt'],
      [{ model: ['dall-e-3'], prompt: 'a lighthouse' }, 'model'],
      [{ model: 'dall-e-3', prompt: 'a lighthouse', quality: 1 }, 'quality'],
      [{ model: 'dall-e-3', prompt: 'a lighthouse', response_format: 'gif' }, 'response_format'],
      [{ model: 'dall-e-3', prompt: 'a lighthouse', stream: 'yes' }, 'stream'],
    ];
    for (const [json, field] of cases) {
      const response = await call(c, 'POST', '/v1/images/generations', { json });
      expect(response.status, JSON.stringify(json)).to.equal(400);
      const body = (await response.json()) as { error: { message: string; type: string; param: string | null } };
      expect(body.error.param, JSON.stringify(json)).to.equal(field);
      expect(body.error.message).to.contain(field);
    }
    expect(world.hits('oa')).to.equal(before);
    // Null where the reference allows it, and fields the gateway does not know, still pass.
    const ok = await call(c, 'POST', '/v1/images/generations', { json: { model: 'dall-e-3', prompt: 'a lighthouse', n: null, size: null, future_field: 1 } });
    expect(ok.status).to.equal(200);
  });

  it('edits and variations: a form field of the wrong kind (n not a whole number, an unknown response_format) is a 400 naming it, before any upstream call', async () => {
    const c = await world.consumer('img-form-types', ['oa']);
    const before = world.hits('oa');
    for (const [path, name, value] of [
      ['/v1/images/variations', 'n', 'three'],
      ['/v1/images/variations', 'n', '0'],
      ['/v1/images/edits', 'n', '1.5'],
      ['/v1/images/edits', 'response_format', 'gif'],
    ] as const) {
      const form = handBuiltForm([
        { name: 'model', value: 'dall-e-2' },
        { name: 'prompt', value: 'add a boat' },
        { name, value },
        { name: 'image', value: 'pretend PNG', filename: 'in.png', type: 'image/png' },
      ]);
      const response = await call(c, 'POST', path, { body: form.body, headers: { 'content-type': form.contentType } });
      expect(response.status, `${path} ${name}=${value}`).to.equal(400);
      const body = (await response.json()) as { error: { message: string; param: string | null } };
      expect(body.error.param).to.equal(name);
      expect(body.error.message).to.contain(name);
    }
    expect(world.hits('oa')).to.equal(before);
  });

  it('GET is 400 on every image path; bare /v1/images and extra tails are 404; edits need a multipart body', async () => {
    const c = await world.consumer('img-shape', ['oa']);
    for (const op of ['generations', 'edits', 'variations']) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const response = await call(c, method, `/v1/images/${op}`);
        expect(response.status, `${method} ${op}`).to.equal(400);
        expect(await openAIError(response)).to.contain(method);
      }
      expect((await call(c, 'POST', `/v1/images/${op}/extra`, { json: { prompt: 'p' } })).status, `${op}/extra`).to.equal(404);
    }
    for (const path of ['/v1/images', '/v1/images/', '/v1/images/other']) {
      expect((await call(c, 'POST', path, { json: { prompt: 'p' } })).status, path).to.equal(404);
      expect((await call(c, 'GET', path)).status, `GET ${path}`).to.equal(404);
    }
    const json = await call(c, 'POST', '/v1/images/edits', { json: { model: 'dall-e-2', prompt: 'p' } });
    expect(json.status).to.equal(400);
    expect(await openAIError(json)).to.contain('multipart/form-data');
    const broken = await call(c, 'POST', '/v1/images/variations', { body: 'no boundary here', headers: { 'content-type': 'multipart/form-data; boundary=abc' } });
    expect(broken.status).to.equal(400);
    expect(await openAIError(broken)).to.contain('malformed multipart');
  });
});
