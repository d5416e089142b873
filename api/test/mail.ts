import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The text of the newest mail to `to` in the outbox folder, quoted-printable soft breaks undone; waits up to 5 s. */
export async function waitForMail(dir: string, to: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const text = await readFile(path.join(dir, f), 'utf8');
      if (text.includes(`To: ${to}`) && Date.parse(text.match(/^Date: (.+)$/m)?.[1] ?? '') >= after - 1000)
        return text.replace(/=\r?\n/g, '');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

/** The first capture of `pattern` in the newest mail to `to`. */
export async function mailLink(dir: string, to: string, pattern: RegExp, after = 0): Promise<string> {
  const text = await waitForMail(dir, to, after);
  const found = pattern.exec(text)?.[1];
  if (!found) throw new Error(`no link matching ${pattern} in the mail to ${to}`);
  return found;
}

/** The text of a mail to `to` that matches `pattern` (any of them, newest first); waits up to 5 s. */
export async function mailMatching(dir: string, to: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const text = (await readFile(path.join(dir, f), 'utf8')).replace(/=\r?\n/g, '');
      if (text.includes(`To: ${to}`) && pattern.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}
