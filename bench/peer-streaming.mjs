/**
 * `node --import ./bench/peer-streaming.mjs <peer gateway script>`: registers the module hooks of
 * peer-streaming-hooks.mjs before the peer gateway loads.
 */
import { register } from 'node:module';

register('./peer-streaming-hooks.mjs', import.meta.url);
