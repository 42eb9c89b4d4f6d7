/** How a query-string value becomes a tool argument, read off the argument's JSON Schema. */
export type QueryKind = 'number' | 'list' | 'string';

/** The query kind of an argument's JSON Schema: numbers, lists, and strings for anything else. */
export function queryKind(schema: { type?: unknown } | undefined): QueryKind {
  if (!schema) return 'string';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.type === 'array') return 'list';
  return 'string';
}

/** Each tool's arguments that are not strings, by tool name, with their query kind. */
export type ArgumentKinds = Readonly<Record<string, Readonly<Record<string, Exclude<QueryKind, 'string'>>>>>;

/** The `ArgumentKinds` of a list of tool descriptors. */
export function argumentKindsOf(
  descriptors: readonly { name: string; inputSchema: { properties?: Record<string, unknown> } }[],
): ArgumentKinds {
  return Object.fromEntries(
    descriptors.map((d) => [
      d.name,
      Object.fromEntries(
        Object.entries(d.inputSchema.properties ?? {}).flatMap(([arg, schema]) => {
          const kind = queryKind(schema as { type?: unknown });
          return kind === 'string' ? [] : [[arg, kind]];
        }),
      ),
    ]),
  );
}
