/** Bindings and variables of wrangler.toml. Rate-limit bindings are optional: absent means no limit. */
declare namespace Cloudflare {
  interface Env {
    SESSIONS: KVNamespace;
    /** Comma-separated origins allowed to call /mcp besides loopback; "*" turns the check off. */
    ALLOWED_ORIGINS?: string;
    /** The public origin of this deployment (e.g. https://dtpr.example.org); requests from it are same-origin. */
    PUBLIC_ORIGIN?: string;
    BODY_LIMIT_BYTES?: string;
    BATCH_LIMIT?: string;
    READ_BUDGET_MS?: string;
    WORK_BUDGET_MS?: string;
    RL_READ?: RateLimit;
    RL_VALIDATE?: RateLimit;
    RL_RESOLVE?: RateLimit;
  }
  interface GlobalProps {
    mainModule: typeof import('./index.js');
  }
}
interface Env extends Cloudflare.Env {}
