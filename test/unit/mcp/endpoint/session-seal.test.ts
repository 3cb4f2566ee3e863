import { expect } from 'chai';
import { SecretBox, generateMasterKey } from '../../../../core/security/secret-box.js';
import { MCP_SESSION_KEY_PURPOSE, SessionSeal, type McpSession } from '../../../../core/mcp/endpoint/session-seal.js';

describe('mcp endpoint: session seal', () => {
  const masterKey = generateMasterKey();
  const seal = new SessionSeal(new SecretBox(masterKey).deriveKey(MCP_SESSION_KEY_PURPOSE));
  const session: McpSession = { consumerId: 'c-1', authId: 'a-1', protocolVersion: '2025-11-25', issuedAt: 1_800_000_000_000, upstream: { 'reg-1': 'upstream-session-1' } };

  it('opens what it sealed, with the same key derived on another process', () => {
    const token = seal.seal(session);
    expect(token).to.match(/^[A-Za-z0-9_-]+$/);
    const elsewhere = new SessionSeal(new SecretBox(masterKey).deriveKey(MCP_SESSION_KEY_PURPOSE));
    expect(elsewhere.open(token)).to.deep.equal(session);
  });

  it('seals the same session differently each time (a fresh IV), and nothing of it reads in clear', () => {
    const a = seal.seal(session);
    expect(a).to.not.equal(seal.seal(session));
    expect(Buffer.from(a, 'base64url').toString('latin1')).to.not.contain('upstream-session-1');
  });

  it('refuses a token changed anywhere, another key\'s token, and text that is not base64url', () => {
    const token = seal.seal(session);
    const raw = Buffer.from(token, 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const changed = Buffer.from(raw);
      changed[i] ^= 0x01;
      expect(seal.open(changed.toString('base64url')), `byte ${i}`).to.equal(undefined);
    }
    expect(seal.open(token.slice(0, -2))).to.equal(undefined);
    const other = new SessionSeal(new SecretBox(generateMasterKey()).deriveKey(MCP_SESSION_KEY_PURPOSE));
    expect(other.open(token)).to.equal(undefined);
    expect(seal.open(`${token}=`)).to.equal(undefined);
    expect(seal.open('')).to.equal(undefined);
  });

  it('the key is not the master key itself, nor another purpose\'s key', () => {
    const box = new SecretBox(masterKey);
    expect(box.deriveKey(MCP_SESSION_KEY_PURPOSE).equals(Buffer.from(masterKey, 'hex'))).to.equal(false);
    expect(box.deriveKey(MCP_SESSION_KEY_PURPOSE).equals(box.deriveKey('other purpose'))).to.equal(false);
  });
});
