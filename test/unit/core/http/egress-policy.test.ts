/**
 * The egress policy's rules: every internal address kind is refused in each form the URL
 * parser and the resolver can produce (IPv4, IPv6, IPv4-mapped and -compatible IPv6, decimal,
 * octal and hex IPv4), only http(s) URLs pass, and the operator's allow list of hosts,
 * addresses and CIDR ranges lifts exactly what it names.
 */
import { expect } from 'chai';
import { resolveSettings, SettingsInputError } from '../../../../core/config/settings.js';
import { EgressPolicy, parseEgressAllow } from '../../../../core/http/egress-policy.js';

const INTERNAL: ReadonlyArray<[string, string]> = [
  ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['::1', 'loopback'],
  ['0.0.0.0', 'unspecified'], ['::', 'unspecified'],
  ['169.254.169.254', 'link-local'], ['fe80::1', 'link-local'],
  ['10.0.0.1', 'private'], ['172.16.0.1', 'private'], ['172.31.255.255', 'private'], ['192.168.0.1', 'private'],
  ['100.64.0.1', 'private'], ['fd00::1', 'private'], ['fc00::7', 'private'],
  ['224.0.0.1', 'multicast'], ['ff02::1', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['::ffff:a9fe:a9fe', 'link-local'], ['::ffff:10.1.1.1', 'private'],
  ['::127.0.0.1', 'reserved'],
];

describe('core/http egress policy', () => {
  const policy = new EgressPolicy();

  it('refuses every internal address kind, IPv4-mapped and -compatible IPv6 forms included', () => {
    for (const [address, kind] of INTERNAL) expect(policy.refusalOfAddress(address), address).to.contain(kind);
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(policy.refusalOfAddress(address), address).to.equal(undefined);
    }
  });

  it('judges the IPv4 address a NAT64 or 6to4 address carries, and refuses Teredo tunnels', () => {
    // 64:ff9b::/96 (RFC 6052) and 2002::/16 (RFC 3056) reach the IPv4 address they embed.
    for (const address of ['64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b::a00:1', '2002:7f00:1::', '2002:a9fe:a9fe::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2']) {
      expect(policy.refusalOfAddress(address), address).to.be.a('string');
    }
    // A DNS64 network reaches public IPv4 hosts through 64:ff9b::/96: those stay reachable.
    for (const address of ['64:ff9b::808:808', '2002:808:808::1']) expect(policy.refusalOfAddress(address), address).to.equal(undefined);
  });

  it('refuses URLs whose literal host is internal, in every spelling the URL parser normalises', () => {
    for (const url of ['http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://127.1/', 'http://[::1]:8001/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/', 'http://localhost:8001/', 'http://LOCALHOST./', 'http://a.b.localhost/', 'https://169.254.169.254/latest/meta-data']) {
      expect(policy.refusalOfUrl(url), url).to.contain('egress policy');
    }
  });

  it('refuses every scheme but http and https, and what is not a URL', () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/', 'data:text/plain,x', 'javascript:alert(1)', 'not a url', '/relative/path']) {
      expect(policy.refusalOfUrl(url), url).to.be.a('string');
    }
    expect(policy.refusalOfUrl('https://api.openai.com/v1')).to.equal(undefined);
    // A host name is judged on connect, where it resolves.
    expect(policy.refusalOfUrl('http://rebind.example/v1')).to.equal(undefined);
  });

  it('an allow list lifts exactly the listed ranges, addresses and host names', () => {
    const allowing = new EgressPolicy({ allow: ['10.0.0.0/8', '192.168.1.7', 'llm.internal', 'fd00::/8'] });
    expect(allowing.refusalOfUrl('http://10.20.30.40:8080/v1')).to.equal(undefined);
    expect(allowing.refusalOfUrl('http://192.168.1.7/v1')).to.equal(undefined);
    expect(allowing.refusalOfUrl('http://[fd00::5]/v1')).to.equal(undefined);
    expect(allowing.refusalOfUrl('http://LLM.internal./v1')).to.equal(undefined);
    expect(allowing.refusalOfAddress('::ffff:10.0.0.1')).to.equal(undefined);
    for (const url of ['http://192.168.1.8/', 'http://127.0.0.1/', 'http://localhost/', 'http://[::1]/', 'file:///etc/passwd']) {
      expect(allowing.refusalOfUrl(url), url).to.be.a('string');
    }
    // A listed name may resolve anywhere; another name may not resolve inside.
    expect(allowing.admitResolved('llm.internal', [{ address: '127.0.0.1', family: 4 }]).refusal).to.equal(undefined);
    expect(allowing.admitResolved('other.example', [{ address: '127.0.0.1', family: 4 }]).refusal).to.contain('loopback');
  });

  it('keeps only the allowed addresses of a name that resolves both inside and outside', () => {
    const { usable, refusal } = policy.admitResolved('mixed.example', [{ address: '127.0.0.1', family: 4 }, { address: '8.8.8.8', family: 4 }]);
    expect(refusal).to.equal(undefined);
    expect(usable).to.deep.equal([{ address: '8.8.8.8', family: 4 }]);
  });

  it('refuses malformed allow entries, naming them', () => {
    for (const entry of ['10.0.0.0/33', '10.0.0/8', 'fd00::/129', 'not a host', '*.internal', 'http://x/']) {
      expect(() => parseEgressAllow([entry]), entry).to.throw(entry);
    }
  });

  it('PORTCULLIS_EGRESS_ALLOW and --egress-allow set the list; a bad entry fails at start', () => {
    expect(resolveSettings({}, { PORTCULLIS_EGRESS_ALLOW: '10.0.0.0/8, llm.internal' }).egressAllow).to.deep.equal(['10.0.0.0/8', 'llm.internal']);
    expect(resolveSettings({ 'egress-allow': '192.168.0.0/16' }, { PORTCULLIS_EGRESS_ALLOW: '10.0.0.0/8' }).egressAllow).to.deep.equal(['192.168.0.0/16']);
    expect(resolveSettings({}, {}).egressAllow).to.deep.equal([]);
    expect(() => resolveSettings({}, { PORTCULLIS_EGRESS_ALLOW: '10.0.0.0/99' })).to.throw(SettingsInputError, '10.0.0.0/99');
  });
});
