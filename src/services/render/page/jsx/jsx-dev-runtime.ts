/** The runtime a development build of the page's JSX names: the same elements as jsx-runtime.ts. */
import { type Html, jsx } from './jsx-runtime.js';

export { Fragment, type JSX } from './jsx-runtime.js';

/** An element as the development transform calls it (its key and source position are not used). */
export function jsxDEV(tag: Parameters<typeof jsx>[0], props: Parameters<typeof jsx>[1]): Html {
  return jsx(tag, props);
}
