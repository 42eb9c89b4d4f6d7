import type { ErrorItem } from '../core/envelope.js';
import { guardStorage } from '../core/storage.js';
import { BodyCache } from './body-cache.js';
import { chargeKeep, type EarlyTally, type KeepCharge, readTallyEarly } from './keep-quota.js';
import { PacedWrites } from './paced-writes.js';
import { RenderKeys } from './render-key.js';
import { RENDER_URI_PREFIX, SIGN_URI, VIEW_URI } from './render-uris.js';

/**
 * Kept renders and the per-session slots: the last page and the last sign rendered in a session,
 * and the datachain behind each (JSON, with `schema_version` set to the version it was rendered
 * against; prompts read the newer one when no datachain is passed).
 *
 * In KV, each render is kept once, under its handle (`body:<hash>.html` or `.svg`, two hours),
 * where the hash is HMAC-SHA-256 under the deployment's render key (render-key.ts) of the scope
 * (the session id, or nothing without a session), the kind and the body: stable for the same
 * render in the same scope, and not computable by a client. A session's slot (`slot:<session>`
 * for the page, `sign-slot:<session>` for the sign, one hour) is a small pointer to that body: the
 * hash, a write time and the source datachain. Every render stores its body again (an isolate
 * at most once a second, below), so a body always outlives the slots pointing at it. A session's
 * renders are listed under `made:<session>:<hash>.<ext>`, so `clear` (DELETE /mcp) deletes them
 * with its slots. Each render is charged to the caller's address first (keep-quota.ts).
 *
 * Every write goes through the isolate's PacedWrites (paced-writes.ts): KV takes one write to a key
 * a second, so a body or marker already written within that second is not written again, and a slot
 * or tally written again within it is written once the second has passed, in the background.
 *
 * A slot read takes the pointer this isolate has yet to write, if any, or else fetches it from KV,
 * and takes the body from isolate memory when it holds that hash; a read by handle always asks KV,
 * so a cleared render is gone for every isolate.
 * Session ids are 1-128 visible ASCII characters, so keys stay well under KV's 512 bytes; each
 * kind has its own prefix, so no session id reaches another kind's key or a body. A failing KV
 * call throws StorageFailure (answered as `upstream_error`).
 */
export const SLOT_TTL_SECONDS = 3600;
/** Bodies live twice as long as slots. */
export const BODY_TTL_SECONDS = 2 * SLOT_TTL_SECONDS;
/** Largest output a slot keeps; a bigger render is refused with payload_too_large. */
export const SLOT_MAX_BYTES = 512 * 1024;
/** Most renders one clear deletes (two KV deletes each). */
const CLEAR_MAX_RENDERS = 400;
/** Most pages of markers one clear lists (another session's markers under its prefix take room). */
const CLEAR_MAX_PAGES = 4;
/** Total length of the bodies an isolate keeps in memory. */
const CACHE_MAX_CHARS = 4 * 1024 * 1024;

export type SlotKind = 'page' | 'sign';

const PREFIX: Record<SlotKind, string> = { page: 'slot:', sign: 'sign-slot:' };
const EXT: Record<SlotKind, 'html' | 'svg'> = { page: 'html', sign: 'svg' };
const slotKey = (sessionId: string, kind: SlotKind) => `${PREFIX[kind]}${sessionId}`;
/** A kept render's name: its hash and the extension of its kind, as in its handle. */
const keptName = (kind: SlotKind, hash: string) => `${hash}.${EXT[kind]}`;
const bodyKey = (name: string) => `body:${name}`;
const madePrefix = (sessionId: string) => `made:${sessionId}:`;

interface Pointer {
  hash: string;
  at: number;
  source: string;
}

/** A slot value: `<hash> <write time ms>`, a newline, then the source datachain as stored. */
const formatPointer = (p: Pointer) => `${p.hash} ${p.at}\n${p.source}`;

const POINTER_HEAD = /^([0-9a-f]{64}) (\d{1,16})\n/;

/** A slot value that is not a pointer (none is written) reads as an empty slot. */
function parsePointer(text: string | null): Pointer | null {
  const head = text === null ? null : POINTER_HEAD.exec(text);
  if (!head) return null;
  return { hash: head[1]!, at: Number(head[2]), source: text!.slice(head[0].length) };
}

/** Where a kept render is read: `uri`, the resource its caller reads it as; `handle`, what any later request reads. */
export interface Kept {
  uri: string;
  handle: string;
}

/** A render that was not kept, and why (the caller's address is over its keep quota). */
export interface NotKept {
  refused: ErrorItem;
}

/** The handle of a kept render: `ui://dtpr/render/<hash>.html` for a page, `.svg` for a sign. */
const handleOf = (kind: SlotKind, hash: string) => `${RENDER_URI_PREFIX}${keptName(kind, hash)}`;

/** What a call may do with its caller's session: keep and read back its last page and sign. */
export interface SessionStore {
  /**
   * Starts the reads a `write` begins with (the keep quota's tally), so that they are under way
   * while the call renders; true when one was started, and the caller should yield once (the
   * runtime sends a call when the script yields) before its own work. Absent where nothing is kept.
   */
  prepare?(): boolean;
  /** Keeps the output and says where it is read; `refused` when the caller may keep no more; undefined when nothing is kept. */
  write(kind: SlotKind, body: string, source: string): Promise<Kept | NotKept | undefined>;
  /** The session's last `kind` output and its handle, or null before the first one. */
  read(kind: SlotKind): Promise<{ body: string; handle: string } | null>;
  /** The datachain of the session's newest render; absent for a caller without a session (REST, 2026-07-28). */
  lastSource?(): Promise<string | null>;
  /** A kept render by its hash and kind (any session's, or none), or null once it has expired or been cleared. */
  readKept(hash: string, kind: SlotKind): Promise<string | null>;
}

/** The session store of a caller without a session (REST): nothing is kept, nothing is read. */
export const NO_SESSION: SessionStore = {
  write: async () => undefined,
  read: async () => null,
  readKept: async () => null,
};

/**
 * Where one request keeps renders: the store, the caller's address and its quota, the `RENDER_KEY`
 * secret if set, and the request's background (`waitUntil`) for writes made after the answer.
 */
export interface KeepPlace extends KeepCharge {
  renderKey?: string;
}

/** The slots as one isolate sees them: its body cache, render keys, paced writes and clock (milliseconds), all injectable. */
export class SessionSlots {
  private readonly cache: BodyCache;
  private readonly keys: RenderKeys;
  private readonly writes: PacedWrites;
  private readonly now: () => number;
  private lastAt = 0;

  constructor(
    options: {
      cache?: BodyCache;
      keys?: RenderKeys;
      writes?: PacedWrites;
      now?: () => number;
    } = {},
  ) {
    this.cache = options.cache ?? new BodyCache(CACHE_MAX_CHARS);
    this.keys = options.keys ?? new RenderKeys();
    this.now = options.now ?? Date.now;
    this.writes = options.writes ?? new PacedWrites({ now: this.now });
  }

  /**
   * Charges the render to the caller's address, then keeps `body` under its handle in `scope` (for
   * BODY_TTL_SECONDS from now) and answers its hash, or why it was not kept. The body is written
   * beside the charge's tally, not after it: a render new to the store waits for one round of
   * writes here, not two.
   */
  async keep(
    place: KeepPlace,
    scope: string,
    kind: SlotKind,
    body: string,
    source: string,
    early?: EarlyTally,
  ): Promise<{ hash: string } | NotKept> {
    // The hash is computed while the charge reads the tally; it is used only once the charge passed.
    const hashing = this.keys.mac(place.kv, place.renderKey, `${scope}\0${kind}\0${body}`);
    hashing.catch(() => undefined);
    const charge = await chargeKeep(place, body, source, this.now(), this.writes, early);
    if ('refused' in charge) return charge;
    const storing = hashing.then(async (hash) => {
      await this.writes.put(place.kv, bodyKey(keptName(kind, hash)), body, BODY_TTL_SECONDS, place.later);
      return hash;
    });
    const [, hash] = await Promise.all([charge.tally, storing]);
    this.cache.set(keptName(kind, hash), { body });
    return { hash };
  }

  /** A kept render by its hash and kind, from KV (never from memory: a cleared render must read as gone). */
  async readKept(kv: KVNamespace, hash: string, kind: SlotKind): Promise<string | null> {
    return guardStorage(() => kv.get(bodyKey(keptName(kind, hash)), 'text'));
  }

  /** Keeps `body` as the session's `kind` output and `source` as its datachain; resolves once all is in KV. */
  async write(
    place: KeepPlace,
    sessionId: string,
    kind: SlotKind,
    body: string,
    source: string,
    early?: EarlyTally,
  ): Promise<{ hash: string } | NotKept> {
    const kept = await this.keep(place, sessionId, kind, body, source, early);
    if ('refused' in kept) return kept;
    const { hash } = kept;
    const start = this.now();
    // Strictly increasing within an isolate, so the newer of two slots is known even within one millisecond.
    const at = (this.lastAt = Math.max(start, this.lastAt + 1));
    const { kv, later } = place;
    await Promise.all([
      this.writes.put(kv, `${madePrefix(sessionId)}${keptName(kind, hash)}`, '', BODY_TTL_SECONDS, later),
      this.writes.put(kv, slotKey(sessionId, kind), formatPointer({ hash, at, source }), SLOT_TTL_SECONDS, later),
    ]);
    return kept;
  }

  /** The session's last `kind` output and its handle, or null before the first one. */
  async read(kv: KVNamespace, sessionId: string, kind: SlotKind): Promise<{ body: string; handle: string } | null> {
    const pointer = parsePointer(await this.slot(kv, sessionId, kind));
    if (!pointer) return null;
    const name = keptName(kind, pointer.hash);
    const handle = handleOf(kind, pointer.hash);
    const cached = this.cache.get(name);
    if (cached) return { body: cached.body, handle };
    const body = await guardStorage(() => kv.get(bodyKey(name), 'text'));
    if (body === null) return null;
    this.cache.set(name, { body });
    return { body, handle };
  }

  /** The datachain of the session's newest output of either kind, or null before the first one. */
  async lastSource(kv: KVNamespace, sessionId: string): Promise<string | null> {
    const [page, sign] = await Promise.all([this.slot(kv, sessionId, 'page'), this.slot(kv, sessionId, 'sign')]);
    const a = parsePointer(page);
    const b = parsePointer(sign);
    if (!a || !b) return (a ?? b)?.source ?? null;
    return (b.at > a.at ? b : a).source;
  }

  /** A slot's text: the pointer this isolate has yet to write, or else KV's. */
  private slot(kv: KVNamespace, sessionId: string, kind: SlotKind): Promise<string | null> {
    const key = slotKey(sessionId, kind);
    const unwritten = this.writes.unwritten(key);
    return unwritten !== undefined ? Promise.resolve(unwritten) : guardStorage(() => kv.get(key, 'text'));
  }

  /** The slots of one session, as the capability a call is given: renders are kept in the session's scope. */
  forSession(place: KeepPlace, sessionId: string): SessionStore {
    let early: EarlyTally | undefined;
    return {
      prepare: () => (early ??= readTallyEarly(place, this.now(), this.writes)) !== undefined,
      write: async (kind, body, source) => {
        const kept = await this.write(place, sessionId, kind, body, source, early);
        if ('refused' in kept) return kept;
        return { uri: kind === 'sign' ? SIGN_URI : VIEW_URI, handle: handleOf(kind, kept.hash) };
      },
      read: (kind) => this.read(place.kv, sessionId, kind),
      lastSource: () => this.lastSource(place.kv, sessionId),
      readKept: (hash, kind) => this.readKept(place.kv, hash, kind),
    };
  }

  /** The capability of a caller without a session: renders are kept and read by handle, no slot is written. */
  withoutSession(place: KeepPlace): SessionStore {
    let early: EarlyTally | undefined;
    return {
      prepare: () => (early ??= readTallyEarly(place, this.now(), this.writes)) !== undefined,
      write: async (kind, body, source) => {
        const kept = await this.keep(place, '', kind, body, source, early);
        if ('refused' in kept) return kept;
        const handle = handleOf(kind, kept.hash);
        return { uri: handle, handle };
      },
      read: async () => null,
      readKept: (hash, kind) => this.readKept(place.kv, hash, kind),
    };
  }

  /**
   * Clears a session: its slots of every kind, and the renders it kept (by the `made:` list), at
   * most CLEAR_MAX_RENDERS of them, so one DELETE stays within a request's KV operations; the
   * quota keeps a session from one address below that, and any rest expires with its two hours.
   */
  async clear(kv: KVNamespace, sessionId: string): Promise<void> {
    await this.remove(
      kv,
      (Object.keys(PREFIX) as SlotKind[]).map((kind) => slotKey(sessionId, kind)),
    );
    const prefix = madePrefix(sessionId);
    const own: string[] = [];
    // A session id may hold ':', so `made:a:` also lists session `a:b`'s `made:a:b:<name>`: a kept
    // name never holds one, and another session's markers are not this one's to delete. Pages are
    // read on while others' markers took room, a few at most.
    let cursor: string | undefined;
    for (let page = 0; page < CLEAR_MAX_PAGES && own.length < CLEAR_MAX_RENDERS; page++) {
      const listed = await guardStorage(() =>
        kv.list({ prefix, limit: CLEAR_MAX_RENDERS - own.length, ...(cursor ? { cursor } : {}) }),
      );
      let others = 0;
      for (const { name } of listed.keys) {
        if (name.slice(prefix.length).includes(':')) others++;
        else own.push(name);
      }
      if (listed.list_complete || others === 0) break;
      cursor = listed.cursor;
    }
    await this.remove(
      kv,
      own.flatMap((name) => [bodyKey(name.slice(prefix.length)), name]),
    );
  }

  /** Deletes `keys`, each in its chain of writes (paced-writes.ts): nothing this isolate queued is written back after it. */
  private async remove(kv: KVNamespace, keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.writes.remove(kv, key)));
  }
}
