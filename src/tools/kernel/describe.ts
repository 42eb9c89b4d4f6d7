import * as z from 'zod';
import { envelopeSchema } from './envelope-schema.js';
import type { Tool } from './registry.js';

/** Input schemas are inlined (what agents read); output schemas factor repeated parts into $defs. */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: io === 'output' ? 'ref' : 'inline',
  }) as Record<string, unknown>;

/**
 * The MCP descriptors of `tools`, computed from their zod schemas. The build writes them to
 * tool-descriptors.json (`npm run gen`), which the Worker serves, so no isolate computes them.
 */
export function describeTools(tools: readonly Tool[]) {
  return tools.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: jsonSchema(t.input, 'input'),
    outputSchema: jsonSchema(envelopeSchema(t.output), 'output'),
    annotations: { title: t.title, ...t.annotations },
    ...(t.meta ? { _meta: t.meta } : {}),
  }));
}
