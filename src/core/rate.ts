/** The rate bucket a call draws from: reads, validation, or resolution (and render). */
export type RateBucket = 'read' | 'validate' | 'resolve';

type Binding = 'RL_READ' | 'RL_VALIDATE' | 'RL_RESOLVE' | 'RL_READ_IP' | 'RL_VALIDATE_IP' | 'RL_RESOLVE_IP';

/** Per bucket: the address-wide binding (keyed on the address alone), then the per-client one under it. */
const BINDINGS: Record<RateBucket, { ip: Binding; client: Binding }> = {
  read: { ip: 'RL_READ_IP', client: 'RL_READ' },
  validate: { ip: 'RL_VALIDATE_IP', client: 'RL_VALIDATE' },
  resolve: { ip: 'RL_RESOLVE_IP', client: 'RL_RESOLVE' },
};

/** Seconds a refused client should wait: the buckets count per minute. */
export const RETRY_AFTER_SECONDS = 60;

/** Who a request counts against: its address, and the client name it declares at that address. */
export interface RateKeys {
  ip: string;
  client: string;
}

/**
 * The address a request counts against. In a deployment, Cloudflare's edge sets `CF-Connecting-IP`
 * to the connecting address, replacing any value a client sent, so no client chooses it. Under
 * `npm start` (wrangler dev, which sets LOCAL_DEV = "on") the header is the client's own when it
 * sends one (the local runtime fills it from the socket only when it is absent), so it is
 * ignored there and every caller is 'local'. `X-Forwarded-For` is never read. Without the header
 * (a request that did not come through the edge) the address is 'local' too.
 */
export function callerAddress(env: Partial<Env>, header: (name: string) => string | undefined): string {
  if (env.LOCAL_DEV === 'on') return 'local';
  return header('cf-connecting-ip') ?? 'local';
}

/**
 * The caller's keys: its address (callerAddress), and that address plus the self-declared
 * `DTPR-Client` name, so several agents behind one address are told apart.
 */
export function rateKeys(env: Partial<Env>, header: (name: string) => string | undefined): RateKeys {
  const ip = callerAddress(env, header);
  const client = (header('dtpr-client') ?? '').trim().slice(0, 64) || 'anonymous';
  return { ip, client: `${ip}|${client}` };
}

/** The wrangler var `RATE_LIMIT = "off"` turns limiting off (load tests); anything else keeps it on. */
function rateLimitingOn(env: Partial<Env>): boolean {
  return env.RATE_LIMIT !== 'off';
}

/**
 * Takes one token for a request: from the address bucket first, then from the client bucket. True
 * when both allow it. A missing binding means no limit at that level.
 */
export async function takeToken(env: Partial<Env>, bucket: RateBucket, keys: RateKeys): Promise<boolean> {
  if (!rateLimitingOn(env)) return true;
  const { ip, client } = BINDINGS[bucket];
  const byIp = env[ip];
  if (byIp && !(await byIp.limit({ key: `${bucket}|ip|${keys.ip}` })).success) return false;
  const byClient = env[client];
  return !byClient || (await byClient.limit({ key: `${bucket}|client|${keys.client}` })).success;
}

/** What takes the tokens of one request: `take(bucket)` is false when the caller is over its limit. */
export type TokenTaker = (bucket: RateBucket) => Promise<boolean>;

/** The token taker of a request: its bindings and the caller's keys from its headers. */
export function tokenTaker(env: Partial<Env>, header: (name: string) => string | undefined): TokenTaker {
  if (!rateLimitingOn(env)) return ALWAYS;
  const keys = rateKeys(env, header);
  return (bucket) => takeToken(env, bucket, keys);
}

const ALWAYS: TokenTaker = async () => true;
