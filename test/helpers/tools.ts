import { expect } from 'vitest';
import type { ErrorItem, Meta } from '../../src/core/envelope.js';
import type { ToolDescriptor } from '../../src/tools/kernel/descriptors.js';
import type { ToolData, ToolName } from '../../src/tools/kernel/registry.js';
import { callTool, postMcp, type ToolResult } from './http.js';
import { schemaErrors } from './schema.js';

type Descriptor = Readable<ToolDescriptor>;

let descriptors: Map<string, Descriptor> | undefined;
export async function toolDescriptors(): Promise<Map<string, Descriptor>> {
  if (!descriptors) {
    const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.json.result.tools as Descriptor[];
    descriptors = new Map(tools.map((t) => [t.name, t]));
  }
  return descriptors;
}

/**
 * A schema type as a test reads it: named fields keep their types; what the schema leaves open
 * (`unknown`, passthrough keys) may be read freely, since the test's assertions judge it.
 */
// biome-ignore lint/suspicious/noExplicitAny: the open parts of an output schema, read by assertions
type Readable<T> = unknown extends T
  ? any
  : T extends readonly (infer U)[]
    ? Readable<U>[]
    : T extends object
      ? { [K in keyof T]: Readable<T[K]> }
      : T;

/**
 * A tool's envelope as a test reads it: `data` typed by the tool's output schema. Tests assert `ok`
 * before they read `data`; on a failure `data` may be absent and `errors` is set.
 */
export interface ToolEnvelope<T> {
  ok: boolean;
  data: Readable<T>;
  errors: ErrorItem[];
  meta: Meta & { request_id: string };
}

/**
 * Calls a tool and checks the invariants every answer must keep: the text block is the
 * envelope, the envelope fits the tool's outputSchema, and isError matches `hard`.
 * Arguments are `unknown` on purpose: tests also send wrong ones.
 */
export async function call<N extends ToolName>(
  name: N,
  args: unknown,
  expectHard = false,
  headers: Record<string, string> = {},
): Promise<{ result: ToolResult; env: ToolEnvelope<ToolData<N>> }> {
  const rid = `rid-${crypto.randomUUID()}`;
  const result = await callTool(name, args, { ...headers, 'x-request-id': rid });
  const tool = (await toolDescriptors()).get(name);
  const env = result.structuredContent as ToolEnvelope<ToolData<N>>;
  if (name !== 'render_datachain' || !env.ok) expect(JSON.parse(result.content[0]!.text)).toEqual(env);
  expect(schemaErrors(tool!.outputSchema, env)).toEqual([]);
  if (expectHard) expect(result.isError).toBe(true);
  else expect('isError' in result).toBe(false);
  expect(env.meta.request_id).toBe(rid);
  return { result, env };
}
