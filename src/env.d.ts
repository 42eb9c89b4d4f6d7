/** Bindings and variables of wrangler.toml. Rate-limit bindings are optional: absent means no limit. */
declare namespace Cloudflare {
  interface Env {
    SESSIONS: KVNamespace;
    /** The release bucket: every published release and its index (optional: without it, the embedded set). */
    RELEASES?: R2Bucket;
    /** Comma-separated origins allowed to call /mcp besides loopback; "*" turns the check off. */
    ALLOWED_ORIGINS?: string;
    /** The public origin of this deployment (e.g. https://dtpr.example.org); requests from it are same-origin. */
    PUBLIC_ORIGIN?: string;
    BODY_LIMIT_BYTES?: string;
    BATCH_LIMIT?: string;
    READ_BUDGET_MS?: string;
    WORK_BUDGET_MS?: string;
    BATCH_ANSWER_BYTES?: string;
    /** Renders and bytes of renders one address may keep per hour. */
    KEEP_RENDERS_PER_HOUR?: string;
    KEEP_BYTES_PER_HOUR?: string;
    /** The key render handles are made with (a secret: `wrangler secret put RENDER_KEY`); unset, one is generated and kept in SESSIONS. */
    RENDER_KEY?: string;
    /** "on" under `npm start` (wrangler dev): CF-Connecting-IP is the client's to set there, so rate keys ignore it. */
    LOCAL_DEV?: string;
    /** "off" turns rate limiting off (load tests); anything else, or unset, keeps it on. */
    RATE_LIMIT?: string;
    /** Seconds a read of the release bucket's index is trusted before it is read again (default 60). */
    INDEX_TTL_SECONDS?: string;
    /** "off" drops the per-request log line (test runs); errors are always logged. */
    REQUEST_LOG?: string;
    /** Per-client buckets, keyed on IP + DTPR-Client. */
    RL_READ?: RateLimit;
    RL_VALIDATE?: RateLimit;
    RL_RESOLVE?: RateLimit;
    /** Per-address buckets, keyed on the client IP alone. */
    RL_READ_IP?: RateLimit;
    RL_VALIDATE_IP?: RateLimit;
    RL_RESOLVE_IP?: RateLimit;
  }
  interface GlobalProps {
    mainModule: typeof import('./index.js');
  }
}
interface Env extends Cloudflare.Env {}

/** The embedded set's packed release files, as Data modules (wrangler.toml's `*.release` rule, decision 084). */
declare module '*.release' {
  const bytes: ArrayBuffer;
  export default bytes;
}

/** Each locale's fixed wording as JSON, imported as text modules (wrangler.toml's `*.labels` rule, decision 062). */
declare module '*.labels' {
  const text: string;
  export default text;
}

/** The tool descriptors as JSON, imported as a text module (wrangler.toml's `*.descriptors` rule, decision 062). */
declare module '*.descriptors' {
  const text: string;
  export default text;
}

/** get_schema's JSON Schemas as JSON bytes, a Data module (wrangler.toml's `*.data` rule, decision 083). */
declare module '*.data' {
  const bytes: ArrayBuffer;
  export default bytes;
}
