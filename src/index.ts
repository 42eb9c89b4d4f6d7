import { createApp } from './app.js';
import { deploymentStore } from './store/deployment.js';
import { FILES } from './store/generated/embedded-files.js';

/**
 * The Worker: the app over the deployment's store, with the embedded set's files (Data modules:
 * their bytes, decision 084) bound here.
 */
const app = createApp({ store: (env) => deploymentStore(env, FILES) });

export default { fetch: app.fetch } satisfies ExportedHandler<Env>;
