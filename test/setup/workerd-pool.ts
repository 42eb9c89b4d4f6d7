import { cloudflareTest } from '@cloudflare/vitest-pool-workers';

type PoolOptions = Parameters<typeof cloudflareTest>[0];
type Plugin = ReturnType<typeof cloudflareTest>;
type ConfigureVitest = (context: { project: { config: { poolRunner?: PoolRunner } } }) => void;
interface PoolRunner {
  name: string;
  createPoolWorker(options: unknown): PoolWorker;
}
/** The runner's socket (miniflare's WebSocket; Node 20 has no global one). */
interface RunnerSocket {
  close(): void;
}
interface PoolWorker {
  socket?: RunnerSocket;
  stop(): Promise<void>;
}

/**
 * The workers pool plugin (@cloudflare/vitest-pool-workers), with each runner's workerd process
 * disposed before its socket is closed. The pool closes the socket first, and workerd logs
 * "WebSocket peer disconnected" (an `exception =` line) for every runner it stops, though nothing
 * failed; disposed first, the runtime ends the socket itself, quietly.
 */
export function workerdPool(options: PoolOptions): Plugin {
  const plugin = cloudflareTest(options);
  const configure = (plugin as { configureVitest?: ConfigureVitest }).configureVitest;
  if (!configure) return plugin;
  const configureVitest: ConfigureVitest = (context) => {
    configure(context);
    const runner = context.project.config.poolRunner;
    if (!runner) return;
    context.project.config.poolRunner = {
      name: runner.name,
      createPoolWorker(workerOptions) {
        const worker = runner.createPoolWorker(workerOptions);
        const stop = worker.stop.bind(worker);
        worker.stop = async () => {
          const socket = worker.socket;
          worker.socket = undefined;
          await stop();
          try {
            socket?.close();
          } catch {
            // Already closed by the runtime going away.
          }
        };
        return worker;
      },
    };
  };
  return Object.assign(plugin, { configureVitest });
}
