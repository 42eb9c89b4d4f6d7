import { expect } from 'vitest';
import { callTool, postMcp } from './http.js';
import { schemaErrors } from './schema.js';

let descriptors: Map<string, any> | undefined;
export async function toolDescriptors(): Promise<Map<string, any>> {
  if (!descriptors) {
    const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    descriptors = new Map(r.json.result.tools.map((t: any) => [t.name, t]));
  }
  return descriptors;
}

/**
 * Calls a tool and checks the invariants every answer must keep: the text block is the
 * envelope, the envelope fits the tool's outputSchema, and isError matches `hard`.
 */
export async function call(name: string, args: unknown, expectHard = false, headers: Record<string, string> = {}) {
  const rid = `rid-${crypto.randomUUID()}`;
  const result = await callTool(name, args, { ...headers, 'x-request-id': rid });
  const tool = (await toolDescriptors()).get(name);
  const env = result.structuredContent;
  if (name !== 'render_datachain' || !env.ok) expect(JSON.parse(result.content[0]!.text)).toEqual(env);
  expect(schemaErrors(tool.outputSchema, env)).toEqual([]);
  if (expectHard) expect(result.isError).toBe(true);
  else expect('isError' in result).toBe(false);
  expect(env.meta.request_id).toBe(rid);
  return { result, env };
}
