/**
 * The Lua script behind RedisCounterStore.add: a conditional add with a TTL set on the first
 * increment, run atomically by Redis (no other command runs between the read and the write).
 *
 * KEYS[1] the counter; ARGV[1] amount (integer); ARGV[2] TTL in ms; ARGV[3] limit or ''.
 * Returns {value, applied (1|0), remaining TTL in ms}.
 */
export const CONDITIONAL_ADD_LUA = `
local amount = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if ARGV[3] ~= '' and amount > 0 and current + amount > tonumber(ARGV[3]) then
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then left = ttl end
  return {current, 0, left}
end
local value = redis.call('INCRBY', KEYS[1], amount)
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  left = ttl
end
return {value, 1, left}
`;
