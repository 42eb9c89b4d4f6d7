import { runCli } from './main.js';
import { consoleIo } from './report.js';

/** Entry point of `npm run schema -- <command>`. File-system failures print one line, not a stack. */
try {
  process.exitCode = await runCli(process.argv.slice(2), consoleIo);
} catch (error) {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && error instanceof Error) {
    consoleIo.err(`error: ${error.message}`);
  } else {
    consoleIo.err('internal error (a bug in the schema CLI):');
    consoleIo.err(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  process.exitCode = 1;
}
