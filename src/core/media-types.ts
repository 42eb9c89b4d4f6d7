/**
 * The media types an `Accept` header accepts (its q=0 entries left out), and whether they take a
 * given type, by name or by a wildcard (`*\/*`, `text/*`). Shared by the MCP endpoint's framing and
 * the REST render's choice between the rendered body and its envelope.
 */
export interface Accepted {
  /** Whether `type` (e.g. `application/json`) is accepted, by name or by a wildcard. */
  allows(type: string): boolean;
}

export function acceptedTypes(accept: string): Accepted {
  const types = accept
    .split(',')
    .map((part) => {
      const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type: type ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.q > 0)
    .map((t) => t.type);
  return {
    allows: (target) => types.some((t) => t === target || t === '*/*' || t === `${target.split('/')[0]}/*`),
  };
}
