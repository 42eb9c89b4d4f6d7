import { guardStorage } from '../../core/storage.js';
import { BodyCache } from './body-cache.js';

/**
 * The per-session slots: the last page and the last sign rendered in a session, and the datachain
 * behind each (JSON, with `schema_version` set to the version it was rendered against; prompts
 * read the newer one when no datachain is passed).
 *
 * In KV, a rendered body lives under its content hash (`body:<sha-256>`, immutable), and a
 * session's slot (`slot:<session>` for the page, `sign-slot:<session>` for the sign, one hour) is
 * a small pointer: the hash, a write time and the source datachain. A body is stored before any
 * pointer to it and outlives every pointer to it, so a pointer read from KV always finds its body;
 * each read fetches the pointer from KV and takes the body from isolate memory when it holds that
 * hash. An isolate can therefore never serve a page older than the pointer KV holds. Session ids
 * are 1-128 visible ASCII characters, so keys stay well under KV's 512 bytes; each kind has its
 * own prefix, so no session id reaches another kind's key or a body. A failing KV call throws
 * StorageFailure (answered as `upstream_error`).
 */
export const SLOT_TTL_SECONDS = 3600;
/** Bodies live twice as long as slots, so a body stored up to BODY_REUSE_MS ago outlives a slot written now. */
export const BODY_TTL_SECONDS = 2 * SLOT_TTL_SECONDS;
/** How long after storing a body this isolate points new slots at it without storing it again (a 10-minute margin). */
export const BODY_REUSE_MS = (BODY_TTL_SECONDS - SLOT_TTL_SECONDS - 600) * 1000;
/** Largest output a slot keeps; a bigger render is refused with payload_too_large. */
export const SLOT_MAX_BYTES = 512 * 1024;
/** Total length of the bodies an isolate keeps in memory. */
const CACHE_MAX_CHARS = 4 * 1024 * 1024;

export type SlotKind = 'page' | 'sign';

const PREFIX: Record<SlotKind, string> = { page: 'slot:', sign: 'sign-slot:' };
const slotKey = (sessionId: string, kind: SlotKind) => `${PREFIX[kind]}${sessionId}`;
const bodyKey = (hash: string) => `body:${hash}`;

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

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** What a call may do with its caller's session: keep and read back its last page and sign. */
export interface SessionStore {
  /** Keeps the output and answers its content hash (its handle), or undefined when nothing is kept. */
  write(kind: SlotKind, body: string, source: string): Promise<string | undefined>;
  read(kind: SlotKind): Promise<string | null>;
  lastSource(): Promise<string | null>;
  /** A kept render by the content hash of its body (any session's, or none), or null once it has expired. */
  readKept(hash: string): Promise<string | null>;
}

/** The session store of a caller without a session (REST): nothing is kept, nothing is read. */
export const NO_SESSION: SessionStore = {
  write: async () => undefined,
  read: async () => null,
  lastSource: async () => null,
  readKept: async () => null,
};

/** The slots as one isolate sees them: its body cache and its clock (milliseconds), both injectable. */
export class SessionSlots {
  private readonly cache: BodyCache;
  private readonly now: () => number;
  private lastAt = 0;

  constructor(options: { cache?: BodyCache; now?: () => number } = {}) {
    this.cache = options.cache ?? new BodyCache(CACHE_MAX_CHARS);
    this.now = options.now ?? Date.now;
  }

  /** Keeps `body` under its content hash (for BODY_TTL_SECONDS at least from now) and answers the hash. */
  async keep(kv: KVNamespace, body: string): Promise<string> {
    const hash = await sha256Hex(body);
    const start = this.now();
    const storedAt = this.cache.get(hash)?.storedAt;
    if (storedAt === undefined || start - storedAt >= BODY_REUSE_MS) {
      await guardStorage(() => kv.put(bodyKey(hash), body, { expirationTtl: BODY_TTL_SECONDS }));
      this.cache.set(hash, { body, storedAt: start });
    }
    return hash;
  }

  /** A kept body by its hash, or null once it has expired. */
  async readKept(kv: KVNamespace, hash: string): Promise<string | null> {
    const cached = this.cache.get(hash);
    if (cached) return cached.body;
    const body = await guardStorage(() => kv.get(bodyKey(hash), 'text'));
    if (body !== null) this.cache.set(hash, { body });
    return body;
  }

  /** Stores `body` as the session's `kind` output and `source` as its datachain; resolves once both are in KV. */
  async write(kv: KVNamespace, sessionId: string, kind: SlotKind, body: string, source: string): Promise<string> {
    const hash = await this.keep(kv, body);
    const start = this.now();
    // Strictly increasing within an isolate, so the newer of two slots is known even within one millisecond.
    const at = (this.lastAt = Math.max(start, this.lastAt + 1));
    await guardStorage(() =>
      kv.put(slotKey(sessionId, kind), formatPointer({ hash, at, source }), { expirationTtl: SLOT_TTL_SECONDS }),
    );
    return hash;
  }

  /** The session's last `kind` output, or null before the first one. */
  async read(kv: KVNamespace, sessionId: string, kind: SlotKind): Promise<string | null> {
    const pointer = parsePointer(await guardStorage(() => kv.get(slotKey(sessionId, kind), 'text')));
    if (!pointer) return null;
    return this.readKept(kv, pointer.hash);
  }

  /** The datachain of the session's newest output of either kind, or null before the first one. */
  async lastSource(kv: KVNamespace, sessionId: string): Promise<string | null> {
    const [page, sign] = await guardStorage(() =>
      Promise.all([kv.get(slotKey(sessionId, 'page'), 'text'), kv.get(slotKey(sessionId, 'sign'), 'text')]),
    );
    const a = parsePointer(page);
    const b = parsePointer(sign);
    if (!a || !b) return (a ?? b)?.source ?? null;
    return (b.at > a.at ? b : a).source;
  }

  /** The slots of one session, as the capability a call is given. */
  forSession(kv: KVNamespace, sessionId: string): SessionStore {
    return {
      write: (kind, body, source) => this.write(kv, sessionId, kind, body, source),
      read: (kind) => this.read(kv, sessionId, kind),
      lastSource: () => this.lastSource(kv, sessionId),
      readKept: (hash) => this.readKept(kv, hash),
    };
  }

  /** The capability of a caller without a session (2026-07-28): renders are kept by hash, no slot is written. */
  withoutSession(kv: KVNamespace): SessionStore {
    return {
      write: (_kind, body) => this.keep(kv, body),
      read: async () => null,
      lastSource: async () => null,
      readKept: (hash) => this.readKept(kv, hash),
    };
  }

  /** Clears every kind of slot of a session; its bodies stay only as content no slot points at. */
  async clear(kv: KVNamespace, sessionId: string): Promise<void> {
    await guardStorage(() =>
      Promise.all((Object.keys(PREFIX) as SlotKind[]).map((kind) => kv.delete(slotKey(sessionId, kind)))),
    );
  }
}
