import { expect } from 'chai';
import { splitUrl } from '../../../../core/proxy/upstream/upstream-client.js';

describe('core/proxy/upstream splitUrl', () => {
  it('takes an upstream URL apart as the URL parser does', () => {
    for (const url of [
      'http://127.0.0.1:8080/v1/chat/completions',
      'https://api.example.com/openai/deployments/gpt%2F4o/chat/completions?api-version=2024-10-21',
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      'http://[::1]:9000/v2/chat',
      'https://host.example',
      'https://host.example?x=1',
    ]) {
      const parsed = new URL(url);
      expect(splitUrl(url), url).to.deep.equal({ origin: parsed.origin, path: parsed.pathname + parsed.search });
    }
  });
});
