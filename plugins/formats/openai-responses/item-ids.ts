import { randomBytes } from 'node:crypto';

/**
 * Ids for output items the gateway builds itself, with OpenAI's prefixes (`resp_`, `msg_`,
 * `fc_`, `rs_`) so clients that branch on them keep working.
 */
export function newItemId(prefix: 'resp' | 'msg' | 'fc' | 'rs'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}
