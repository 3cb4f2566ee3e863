/**
 * The words around a dotted quad that say whether it is a network address or a four-part
 * number of another kind: a version or build (`version 10.0.19041.1`, `Chrome/120.0.6099.109`,
 * `<AssemblyVersion>1.2.0.4</AssemblyVersion>`) or an object identifier (`OID 2.5.4.3`).
 */
import type { Sensitivity } from '../sensitivity.js';

// Right before the value: `v1.2.3.4`, `version 1.2.3.4`, `Version: 1.2.3.4`.
const VERSION_RIGHT_BEFORE = /\b(?:v|ver|version|build|release|firmware)\.?:?\s*$/i;
// Words of the same line before the value that make it a version or OID, and those that make it an address.
const VERSION_WORD =
  /\b(?:v|vers?|versions?|builds?|releases?|released|rel|rev|revision|updates?|updated|upgrade[ds]?|upgrading|patch(?:es|ed)?|hotfix|firmware|drivers?|sdk|packages?|kernel|assembly\w*|apps?|application|client|product\w*|file ?version|about|changelog|oid|arcs?|object identifier|extensions?|attributes?|snmp\w*|mib|installed|installer)\b/gi;
const NETWORK_WORD =
  /\b(?:ips?|ipv4|address(?:es)?|addr|hosts?|hostname|servers?|routers?|gateways?|dns|proxy|firewall|subnet|netmask|cidr|ssh|ping|connect(?:ed|ion|ing)?|node|peer|origin|source|destination|dst|src|remote|lan|wan|vpn|nat|block(?:ed)?|ban(?:ned)?|allowlist|whitelist|blacklist|deny|listen(?:s|ing)?|bind|https?|ports?|curl|telnet|nslookup|dig|traceroute|nginx|login|logged|attack(?:er|s)?|request(?:s|ed)?|client ip|visitor|tcp|udp|icmp)\b/gi;
// Right after the value: `-generic`, `</Version>`, `(build 55)`, ` release notes`.
const VERSION_AFTER = /^(?:-[a-z]|<\/|\+[a-z0-9]|_[a-z0-9]|\s*\((?:build|released?|rev|x64|x86|beta|rc)\b|\s+(?:release|build|update|version|changelog|hotfix)s?\b|\s+in the about\b|\s+(?:is|was) (?:installed|released|out)\b)/i;
// An OID context on the line: an OID-shaped value (first arc 0 to 2) is no address even after `host`.
const OID_WORD = /\b(?:oids?|snmp\w*|mib|object identifier|arcs?)\b/i;
// Right after the value: `:8080` or `/24` make it an address.
const NETWORK_AFTER = /^(?::\d{1,5}\b|\/\d{1,2}\b)/;

/** The last index a pattern matches at in `s`, -1 when it does not. */
function lastMatch(re: RegExp, s: string): number {
  re.lastIndex = 0;
  let at = -1;
  for (let m = re.exec(s); m; m = re.exec(s)) at = m.index;
  return at;
}

/**
 * Whether the dotted quad at `start`..`end` of `text` is reported at this sensitivity. It is
 * skipped after a version or OID word on its line (unless a network word comes between),
 * inside a product token (`Chrome/…`) or an XML element, and before a version tail
 * (`-generic`, `(build 5)`); `low` further needs a network word near it, a port or a prefix
 * length. (`high` skips as `balanced` does: without the context checks a quarter of the
 * four-part numbers of the held-out look-alikes were reported.)
 */
export function reportDottedQuad(text: string, start: number, end: number, sensitivity: Sensitivity): boolean {
  // The same line's last 48 characters: a bounded look-back, whatever the text's length.
  const window = text.slice(Math.max(0, start - 48), start);
  const before = window.slice(window.lastIndexOf('\n') + 1);
  if (VERSION_RIGHT_BEFORE.test(before)) return false;
  const after = text.slice(end, end + 24);
  if (NETWORK_AFTER.test(after)) return true;
  const firstArc = text.charCodeAt(start) - 48;
  if (firstArc <= 2 && text.charCodeAt(start + 1) === 46 && OID_WORD.test(before)) return false;
  const prev = text.charCodeAt(start - 1);
  // `Chrome/120.0.6099.109`, `foo==1.2.3.4`, `<Version>1.2.3.4`: a product token or an element.
  if ((prev === 47 /* / */ && /[A-Za-z]\/$/.test(before)) || prev === 62 /* > */ || before.endsWith('==')) return false;
  if (VERSION_AFTER.test(after)) return false;
  const version = lastMatch(VERSION_WORD, before);
  const network = lastMatch(NETWORK_WORD, before);
  if (version > network) return false;
  if (sensitivity !== 'low' || network >= 0) return true;
  // `low`: a network word just after the value (`1.2.3.4 is unreachable`) counts too.
  return lastMatch(NETWORK_WORD, text.slice(end, Math.min(text.length, end + 32)).split('\n')[0]) >= 0 || /\b(?:unreachable|down|blocked|banned|pings?)\b/i.test(after);
}
