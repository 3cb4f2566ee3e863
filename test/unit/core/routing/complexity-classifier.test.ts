/**
 * Smart routing's classifier against the labelled prompt set (test/fixtures/routing/complexity):
 * on the held-out half it must agree with the labels at least 80% of the time and put a Hard
 * prompt in Simple at most 2% of the time. The tune half was used to pick its weights.
 */
import { expect } from 'chai';
import type { CanonicalRequest } from '../../../../core/canonical/index.js';
import { classifyRequest } from '../../../../core/proxy/routing/smart/complexity-tier.js';
import { tierReference } from '../../../../core/proxy/routing/smart/tier-reference.js';
import { loadComplexitySet, score } from '../../../fixtures/routing/complexity/complexity-set.js';

const user = (text: string, extra: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'auto',
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  sampling: {},
  stream: false,
  ...extra,
});

describe('smart routing: complexity classifier', () => {
  const set = loadComplexitySet();

  it('the labelled set has at least 300 prompts, every tier on both sides of the split', () => {
    expect(set.length).to.be.at.least(300);
    for (const split of ['tune', 'holdout'] as const) {
      for (const tier of ['simple', 'medium', 'hard'] as const) {
        expect(set.filter((p) => p.split === split && p.tier === tier).length, `${split} ${tier}`).to.be.at.least(50);
      }
    }
  });

  it('held out: agrees with the labels at least 80% of the time and puts at most 2% of Hard prompts in Simple', () => {
    const heldOut = set.filter((p) => p.split === 'holdout');
    const result = score(heldOut, (r) => classifyRequest(r).tier);
    expect(result.total).to.be.at.least(150);
    expect(result.agreement, JSON.stringify(result.confusion)).to.be.at.least(0.8);
    expect(result.hardAsSimple, JSON.stringify(result.confusion.hard)).to.be.at.most(0.02);
  });

  it('tools, tool activity, a JSON schema and a long context decide Hard before the text is read', () => {
    const tools = [{ name: 'get_time', parameters: { type: 'object', properties: {} } }];
    expect(classifyRequest(user('hi', { tools })).signals).to.deep.equal(['tools']);
    expect(classifyRequest(user('hi', { response_format: { type: 'json_schema', schema: {} } })).signals).to.deep.equal(['json_schema']);
    expect(classifyRequest(user('word '.repeat(3_000))).signals).to.deep.equal(['long_context']);
    const withResult: CanonicalRequest = {
      ...user('thanks'),
      messages: [
        { role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'get_time', arguments: '{}' }] },
        { role: 'tool', content: [{ type: 'tool_result', tool_call_id: 'c1', content: [{ type: 'text', text: '12:00' }] }] },
        { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
      ],
    };
    expect(classifyRequest(withResult).tier).to.equal('hard');
  });

  it('reads short everyday requests as Simple, explanations as Medium, code as Hard', () => {
    expect(classifyRequest(user('set an alarm for 7am')).tier).to.equal('simple');
    expect(classifyRequest(user('What is the capital of Peru?')).tier).to.equal('simple');
    expect(classifyRequest(user('Why do leaves change colour in autumn? Explain the chemistry.')).tier).to.equal('medium');
    expect(classifyRequest(user('Write a short story about a lighthouse keeper who befriends a seal.')).tier).to.equal('medium');
    expect(classifyRequest(user('```js\nconst x = [1,2,3].map(n => n * 2);\nconsole.log(x[3].toFixed());\n```\nwhy does this throw?')).tier).to.equal('hard');
    expect(classifyRequest(user('Prove that there are infinitely many primes, step by step.')).tier).to.equal('hard');
  });

  it('a missing tier borrows its nearest neighbour, preferring the stronger one', () => {
    expect(tierReference({ simple: 's', hard: 'h' }, 'medium')).to.equal('h');
    expect(tierReference({ simple: 's', medium: 'm' }, 'hard')).to.equal('m');
    expect(tierReference({ hard: 'h' }, 'simple')).to.equal('h');
    expect(tierReference({}, 'simple')).to.equal(undefined);
    expect(tierReference(undefined, 'hard')).to.equal(undefined);
  });
});
