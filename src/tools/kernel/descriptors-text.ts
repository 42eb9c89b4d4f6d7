import { DESCRIPTORS_TEXT } from '../../store/generated/descriptors-text.js';
import type * as Form from './descriptors.js';

/**
 * `descriptors.ts` as the Worker's script holds it (cli/build/worker-script.ts puts this module in
 * its place, decision 062): the tool descriptors are a JSON text module beside the script (the
 * content build copies `tool-descriptors.json`), parsed on their first read, once per isolate.
 */
let parsed: readonly Form.ToolDescriptor[] | undefined;

export const toolDescriptors: typeof Form.toolDescriptors = () => (parsed ??= JSON.parse(DESCRIPTORS_TEXT));
