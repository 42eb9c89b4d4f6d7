import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createApp } from '../../src/app.js';
import { filesReader } from '../../src/store/bucket.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { FILES } from '../../src/store/generated/embedded-files.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/embedded.js';
import { createLayeredStore } from '../../src/store/layered.js';

/** A fetch handler over the app, as the Worker's own entry is. */
export type Serve = (request: Request) => Promise<Response>;

/**
 * A fresh app over the store a deployment serves, with nothing read yet: the deployable embedded
 * set (its packed release files, the Data modules the Worker's entry imports) layered over the `RELEASES`
 * bucket. Only meaningful in the cold project, where the deployable module is not swapped for the
 * one with every release compiled in; elsewhere it throws.
 */
export function coldApp(): Serve {
  if (Object.keys(BUNDLES).length > 0)
    throw new Error('coldApp: the embedded set has releases compiled in; run this suite in the cold project');
  if (!env.RELEASES) throw new Error('coldApp: needs the RELEASES binding');
  const app = createApp({
    store: (bindings) =>
      createLayeredStore({
        embedded: createEmbeddedStore(BUNDLES, VERSION_INDEX, filesReader(FILES)),
        bucket: bindings.RELEASES,
      }),
  });
  return async (request) => {
    const ctx = createExecutionContext();
    const res = await app.fetch(request, env, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
}
