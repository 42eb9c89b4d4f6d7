import DESCRIPTORS from './tool-descriptors.json';
import { type ArgumentKinds, argumentKindsOf } from './query-kind.js';
import type { ToolName } from './registry.js';

/** An MCP tool descriptor as tools/list answers it. */
export interface ToolDescriptor {
  name: ToolName;
  title: string;
  description: string;
  inputSchema: { properties?: Record<string, unknown> } & Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/**
 * The descriptors of every registered tool, in tools/list order, as the build generated them from
 * the tools' zod schemas (`describeTools`); a unit test and `npm run gen:check` keep them current.
 * This module reads the JSON file itself (Node, the test suites). The Worker's script is built with
 * `descriptors-text.ts` in its place (cli/build/worker-script.ts, decision 062): there the file is a
 * text module beside the script, parsed on its first read, so the descriptors are not in the script.
 */
export const toolDescriptors = (): readonly ToolDescriptor[] => DESCRIPTORS as readonly ToolDescriptor[];

let kinds: ArgumentKinds | undefined;
/** Each tool's arguments that a query string gives as numbers or lists (`argumentKindsOf`). */
export const argumentKinds = (): ArgumentKinds => (kinds ??= argumentKindsOf(toolDescriptors()));
