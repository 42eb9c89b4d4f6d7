const REUSABLE = /^[\w\-=.:]{1,128}$/;

/** Reuses a well-formed incoming X-Request-Id, else issues one; every answer echoes it. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && REUSABLE.test(incoming) ? incoming : crypto.randomUUID();
}
