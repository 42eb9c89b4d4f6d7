import type * as z from 'zod';
import type { ErrorCode } from '../../core/errors.js';
import type { ToolDef } from './define.js';
import { getElement } from '../get-element.js';
import { getElements } from '../get-elements.js';
import { getIconUrl } from '../get-icon-url.js';
import { getSchema } from '../get-schema.js';
import { listCategories } from '../list-categories.js';
import { listElements } from '../list-elements.js';
import { listSchemaVersions } from '../list-schema-versions.js';
import { renderDatachain } from '../render-datachain.js';
import { resolveDatachainTool } from '../resolve-datachain.js';
import { validateDatachain } from '../validate-datachain.js';
import { validateResolved } from '../validate-resolved.js';
import { migrateDatachainTool } from '../migrate-datachain.js';
import { getTranslationStatus } from '../get-translation-status.js';
import { exportDatachainTool } from '../export-datachain.js';

/** Every tool, in the order tools/list shows them. */
const DEFINED = [
  listSchemaVersions,
  getSchema,
  listCategories,
  listElements,
  getElement,
  getElements,
  validateDatachain,
  resolveDatachainTool,
  validateResolved,
  migrateDatachainTool,
  renderDatachain,
  exportDatachainTool,
  getIconUrl,
  getTranslationStatus,
] as const;

/** The name of a registered tool. */
export type ToolName = (typeof DEFINED)[number]['name'];

/** A registered tool with its argument and output types erased, and its soft codes as a set. */
export interface Tool extends ToolDef<ToolName> {
  softCodes: ReadonlySet<ErrorCode>;
}

const ERASED: readonly ToolDef<ToolName>[] = DEFINED;
/** A tool definition made ready to invoke (its soft codes as a set). */
export function asTool(def: ToolDef<ToolName>): Tool {
  return { ...def, softCodes: new Set(def.soft) };
}

export const TOOLS: readonly Tool[] = ERASED.map(asTool);
export const TOOL_NAMES: readonly ToolName[] = TOOLS.map((t) => t.name);

const BY_NAME = new Map<string, Tool>(TOOLS.map((t) => [t.name, t]));

/** The tool a caller names, if it exists (MCP `tools/call` takes any string). */
export function findTool(name: string): Tool | undefined {
  return BY_NAME.get(name);
}

/** The tool behind a name the code base itself holds. */
export function toolNamed(name: ToolName): Tool {
  return BY_NAME.get(name)!;
}

type Defined = (typeof DEFINED)[number];
type DefinedNamed<N extends ToolName> = Extract<Defined, { name: N }>;
/** The arguments a caller may send to a tool (its input schema's input type). */
export type ToolArgs<N extends ToolName> = z.input<DefinedNamed<N>['input']>;
/** The `data` of a tool's successful answer. */
export type ToolData<N extends ToolName> = z.input<DefinedNamed<N>['output']>;
