import { payloadTooLarge, rateLimited } from '../core/error-catalogue.js';
import type { ErrorItem } from '../core/envelope.js';
import { guardStorage } from '../core/storage.js';
import type { Later, PacedWrites } from './paced-writes.js';
import { utf8Length } from '../core/utf8.js';

/** What one address may keep per window: renders and their bytes (the body and the source datachain). */
export interface KeepQuota {
  count: number;
  bytes: number;
}

/** The quota window: one clock hour. */
const KEEP_WINDOW_MS = 3600 * 1000;
/** A window's tally outlives the window, so a tally read late in its hour is still there. */
const TALLY_TTL_SECONDS = 2 * 3600;

const tallyKey = (address: string, window: number) => `kept-by:${window}:${address.slice(0, 64)}`;

/** A read of an address's tally started before the charge (`readTallyEarly`), for the window of its key. */
export interface EarlyTally {
  key: string;
  text: Promise<string | null>;
}

/**
 * Starts reading the tally `chargeKeep` would read for the address in the window of `now`, unless
 * this isolate holds a value of it not yet written (the charge reads that); undefined then. The
 * read's failure reaches the charge that uses it, and nothing else (a render refused before its
 * charge never awaits it).
 */
export function readTallyEarly(
  { kv, address }: Pick<KeepCharge, 'kv' | 'address'>,
  now: number,
  writes: PacedWrites,
): EarlyTally | undefined {
  const key = tallyKey(address, Math.floor(now / KEEP_WINDOW_MS));
  if (writes.unwritten(key) !== undefined) return undefined;
  const text = guardStorage(() => kv.get(key, 'text'));
  text.catch(() => undefined);
  return { key, text };
}

/** Whom a render is charged to: the store, the caller's address, its quota, and the request's background. */
export interface KeepCharge {
  kv: KVNamespace;
  address: string;
  quota: KeepQuota;
  later?: Later;
}

/** A charge that passed: the tally's write, under way (see PacedWrites.put), which the caller awaits beside its own writes. */
export interface Charged {
  tally: Promise<void>;
}

/**
 * Charges one kept render of `body` and `source` to the address in the window of `now`, or answers
 * why it may not be kept: `rate_limited` once the address kept `quota.count` renders or
 * `quota.bytes` bytes this hour. The tally is a KV value (`kept-by:<window>:<address>` = `<count>
 * <bytes>`) read and written back through `writes` (at most one write a second per isolate; a
 * value not yet in KV is read from the isolate), so concurrent renders of one address may each pass
 * the last check, and isolates serving one address at once each count their own renders while they
 * have a tally queued; the validate rate bucket bounds how far that goes over. The check waits for
 * the read; the write is started and handed back, so that the render's body is written beside it
 * rather than after it (a write's failure reaches whoever awaits `tally`). With `early` (a read of
 * the same key started before, `readTallyEarly`), the charge takes its answer rather than reading.
 */
export async function chargeKeep(
  { kv, address, quota, later }: KeepCharge,
  body: string,
  source: string,
  now: number,
  writes: PacedWrites,
  early?: EarlyTally,
): Promise<{ refused: ErrorItem } | Charged> {
  const size = utf8Length(body) + utf8Length(source);
  if (size > quota.bytes) {
    return {
      refused: payloadTooLarge({
        message: `This render and its datachain take ${size} bytes; an address may keep at most ${quota.bytes} bytes of renders per hour.`,
        path: 'datachain',
        fix_hint: 'Render fewer placements or shorter texts.',
      }),
    };
  }
  const window = Math.floor(now / KEEP_WINDOW_MS);
  const key = tallyKey(address, window);
  const tally =
    writes.unwritten(key) ?? (await (early?.key === key ? early.text : guardStorage(() => kv.get(key, 'text'))));
  const [count, bytes] = (tally ?? '0 0').split(' ').map(Number);
  if (count! + 1 > quota.count || bytes! + size > quota.bytes) {
    const waitMinutes = Math.ceil(((window + 1) * KEEP_WINDOW_MS - now) / 60_000);
    const what = count! + 1 > quota.count ? `${quota.count} renders` : `${quota.bytes} bytes of renders`;
    return {
      refused: {
        ...rateLimited('render'),
        message: `This address has kept ${what} this hour, the most one address may keep.`,
        fix_hint: `Wait ${waitMinutes} minutes, or read the renders already made by their handles (kept for two hours) instead of rendering them again.`,
      },
    };
  }
  return { tally: writes.put(kv, key, `${count! + 1} ${bytes! + size}`, TALLY_TTL_SECONDS, later) };
}
