import { fetchWorker } from '../helpers/http.js';

export const V = 'ai@2026-08-12';
export const BETA = 'ai@2026-04-16-beta';
export const API = '/api/v2';

export interface RestReply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

let client = 0;

/**
 * Sends a request to the REST surface. Each call names its own `DTPR-Client`, so the many calls
 * of these suites never share a rate-limit bucket.
 */
export async function rest(path: string, init: RequestInit = {}): Promise<RestReply> {
  const headers = new Headers(init.headers);
  if (!headers.has('dtpr-client')) headers.set('dtpr-client', `rest-suite-${client++}`);
  const res = await fetchWorker(path, { redirect: 'manual', ...init, headers });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** POSTs a JSON value (or a raw string) with Content-Type application/json unless told otherwise. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<RestReply> {
  return rest(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
