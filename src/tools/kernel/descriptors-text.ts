import { ARGUMENT_KINDS, DESCRIPTORS_TEXT } from '../../store/generated/descriptors-text.js';
import type * as Form from './descriptors.js';

/**
 * `descriptors.ts` as the Worker's script holds it (cli/build/worker-script.ts puts this module in
 * its place, decision 062): the tool descriptors are a JSON text module beside the script (the
 * content build copies `tool-descriptors.json`), parsed on their first read, once per isolate; the
 * few facts a REST read needs of them (`argumentKinds`) are a small table the build writes.
 */
let parsed: readonly Form.ToolDescriptor[] | undefined;

export const toolDescriptors: typeof Form.toolDescriptors = () => (parsed ??= JSON.parse(DESCRIPTORS_TEXT));

/** Written by the content build from the descriptors, so a REST read need not parse them. */
export const argumentKinds: typeof Form.argumentKinds = () => ARGUMENT_KINDS;
