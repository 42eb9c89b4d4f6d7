import type { RpcResponse } from './jsonrpc.js';

/** An envelope serialised once: its text goes both into `content[0].text` and, verbatim, into `structuredContent`. */
export class SerializedEnvelope {
  constructor(readonly json: string) {}
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/**
 * Serialises one JSON-RPC response. A tool result's `structuredContent` that is already text is
 * spliced in as is, so an envelope is serialised once rather than twice.
 */
export function serializeResponse(response: RpcResponse): string {
  const result = 'result' in response ? (response.result as Record<string, unknown> | null) : null;
  const raw = result?.structuredContent;
  if (!(raw instanceof SerializedEnvelope)) return JSON.stringify(response);
  const { structuredContent: _, ...rest } = result!;
  const head = JSON.stringify({ jsonrpc: response.jsonrpc, id: response.id, result: rest });
  // head ends with the result object's closing brace and the response's: `...}}`.
  const comma = Object.keys(rest).length > 0 ? ',' : '';
  return `${head.slice(0, -2)}${comma}"structuredContent":${raw.json}}}`;
}
