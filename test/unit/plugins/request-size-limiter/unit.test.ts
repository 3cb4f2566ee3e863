import { expect } from 'chai';
import type { CanonicalMessage } from '../../../../core/canonical/index.js';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import { admitSize } from '../../../../plugins/request-size-limiter/handler.js';
import { payloadBytes, promptCharacters } from '../../../../plugins/request-size-limiter/measure.js';

const exchange = (body: unknown, headers: Record<string, string> = {}, messages: CanonicalMessage[] = []) =>
  ({ incoming: { headers, body }, request: { model: 'm', messages, sampling: {}, stream: false } }) as unknown as Exchange;

describe('request_size_limiter: measuring', () => {
  it('takes the declared Content-Length, else the serialised body', () => {
    expect(payloadBytes(exchange({ a: 1 }, { 'content-length': '120' }))).to.equal(120);
    expect(payloadBytes(exchange({ a: 'é' }))).to.equal(Buffer.byteLength('{"a":"é"}'));
  });

  it('counts the characters of every message, tool call and tool result; media count nothing', () => {
    const messages: CanonicalMessage[] = [
      { role: 'system', content: [{ type: 'text', text: 'be brief' }] },
      { role: 'user', content: [{ type: 'text', text: 'héllo 😀' }, { type: 'image', source: { kind: 'url', url: 'https://x/y.png' } }] },
      { role: 'assistant', content: [{ type: 'tool_call', id: '1', name: 'f', arguments: '{"a":1}' }] },
      { role: 'tool', content: [{ type: 'tool_result', tool_call_id: '1', content: [{ type: 'text', text: 'ok' }] }] },
    ];
    expect(promptCharacters(messages)).to.equal(8 + 7 + 7 + 2);
  });
});

describe('request_size_limiter: admit', () => {
  it('refuses with 413 naming the limit, and passes at the boundary', () => {
    const kit = fakeKit({ max_bytes: 100, max_characters: 5 });
    const text = (t: string): CanonicalMessage[] => [{ role: 'user', content: [{ type: 'text', text: t }] }];
    expect(admitSize(kit, exchange({}, { 'content-length': '100' }, text('12345')))).to.equal(undefined);
    const bytes = admitSize(kit, exchange({}, { 'content-length': '101' }, text('12345')));
    expect(bytes!.error.status).to.equal(413);
    expect(bytes!.error.message).to.contain('max_bytes');
    const chars = admitSize(kit, exchange({}, { 'content-length': '10' }, text('123456')));
    expect(chars!.error.code).to.equal('payload_too_large');
    expect(chars!.error.message).to.equal('prompt is 6 characters, over the limit of 5 characters (request_size_limiter max_characters)');
  });
});
