/** The routing decision log on its own: bounded listing, outcomes and the chosen target. */
import { expect } from 'chai';
import { MAX_LISTED_CANDIDATES, RouteDecisionLog } from '../../../../core/proxy/routing/route-decision.js';
import type { RouteMember } from '../../../../core/proxy/routing/route-members.js';

const member = (id: string): RouteMember => ({ candidate: { registry: { id } as never, weight: 1 }, model: `m-${id}`, weight: 1, key: `${id}|m-${id}` });

describe('routing: the routing decision log', () => {
  it('lists at most MAX_LISTED_CANDIDATES candidates and counts the rest', () => {
    const log = new RouteDecisionLog('round_robin', 'chat');
    for (let i = 0; i < MAX_LISTED_CANDIDATES + 10; i++) log.candidate('auto', member(`r${i}`), i === 0 ? 'target' : 'standby');
    const decision = log.finish({ registry: { id: 'r0' }, model: 'deployment-name', modelId: 'm-r0' });
    expect(decision.candidates).to.have.length(MAX_LISTED_CANDIDATES);
    expect(decision.omitted).to.equal(10);
    expect(decision.candidates[0]).to.deep.equal({ reference: 'auto', registry_id: 'r0', model: 'm-r0', outcome: 'target' });
    // The chosen model is named as the consumer names it, not by its deployment name.
    expect(decision.chosen).to.deep.equal({ registry_id: 'r0', model: 'm-r0' });
  });

  it('records drop reasons and skipped references, and has no chosen target when nothing was left', () => {
    const log = new RouteDecisionLog('latency', 'embeddings', undefined);
    log.candidate('auto', member('x'), 'dropped', 'circuit_open');
    log.skipped('pool:gone', 'this consumer has no pool "gone"');
    const decision = log.finish();
    expect(decision.filters).to.include('capability:embeddings');
    expect(decision.candidates).to.deep.equal([{ reference: 'auto', registry_id: 'x', model: 'm-x', outcome: 'dropped', reason: 'circuit_open' }]);
    expect(decision.skipped_references).to.deep.equal([{ reference: 'pool:gone', reason: 'this consumer has no pool "gone"' }]);
    expect(decision).to.not.have.property('chosen');
  });
});
