import path from 'node:path';

/** What a command answers: its exit code and the text to print. */
export interface CliResult {
  code: number;
  out: string;
}

/**
 * Runs `command` with the process's arguments when `moduleUrl` is the script node was started with (`tsx
 * src/cli/x.ts` or `node dist/cli/x.js`), prints its text (stdout for the codes in `quiet`, else stderr) and exits
 * with its code; a thrown error prints its message and exits 1. Imported by a test, nothing runs.
 */
export function runAsMain(
  moduleUrl: string,
  command: (args: string[]) => Promise<CliResult>,
  quiet: number[] = [0],
): void {
  const script = process.argv[1]?.replace(/\\/g, '/').split('/').pop();
  if (!script || !moduleUrl.endsWith(script)) return;
  command(process.argv.slice(2).filter((a) => a !== '--'))
    .then(({ code, out }) => {
      (quiet.includes(code) ? console.log : console.error)(out);
      process.exit(code);
    })
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}

/** Where a relative path given to an npm script points: where npm was run (pnpm runs the script in api/). */
export const fromInvocation = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
