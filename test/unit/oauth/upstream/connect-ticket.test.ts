/**
 * The connect link's ticket: it opens under the key it was sealed with and names who asked, for
 * which registry; a tampered, foreign-key, expired or oversized ticket does not open.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ConnectTicketSeal } from '../../../../core/oauth/upstream/connect-ticket.js';

describe('oauth/upstream: connect tickets', () => {
  const seal = new ConnectTicketSeal(randomBytes(32));

  it('opens what it sealed, with a random id per ticket', () => {
    const text = seal.issue('gw-1', 'oauth:gw-1:ana#ana', 'reg-1');
    const ticket = seal.open(text)!;
    expect(ticket).to.include({ gatewayId: 'gw-1', userKey: 'oauth:gw-1:ana#ana', registryId: 'reg-1' });
    expect(ticket.expiresAt).to.be.greaterThan(Date.now());
    expect(seal.open(seal.issue('gw-1', 'u', 'reg-1'))!.id).not.to.equal(ticket.id);
    expect(text).to.match(/^[A-Za-z0-9_-]+$/);
    expect(text).not.to.contain('ana');
  });

  it('refuses a tampered ticket, one sealed under another key, an expired one and junk', () => {
    const text = seal.issue('gw-1', 'ana', 'reg-1');
    const raw = Buffer.from(text, 'base64url');
    raw[20] = raw[20]! ^ 1;
    expect(seal.open(raw.toString('base64url'))).to.equal(undefined);
    expect(new ConnectTicketSeal(randomBytes(32)).open(text)).to.equal(undefined);
    expect(seal.open(seal.issue('gw-1', 'ana', 'reg-1', -1))).to.equal(undefined);
    expect(seal.open('not a ticket!')).to.equal(undefined);
    expect(seal.open('A'.repeat(5000))).to.equal(undefined);
  });
});
