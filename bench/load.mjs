// One timed load run of autocannon, the way every load benchmark here drives a server.
import autocannon from 'autocannon';
import { workerdCpuMs } from './servers.mjs';

/** Drives `url` for `seconds` with `connections` connections and autocannon's `options` (requests, method, body...). */
export function load(url, { connections, seconds, ...options }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, ...options }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

/**
 * `load` against a server started by `startWrangler` (bench/servers.mjs), with what its requests
 * cost that server's workerd: `cpuPerRequest`, milliseconds of its processes' CPU per request answered.
 */
export async function measuredLoad(server, options) {
  const before = workerdCpuMs(server.child.pid);
  const r = await load(server.base, options);
  r.cpuPerRequest = (workerdCpuMs(server.child.pid) - before) / Math.max(1, r.requests.total);
  return r;
}
