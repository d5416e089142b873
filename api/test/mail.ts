import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The mails the product sends by itself (issue 32): the sign-up's confirmation link and the security notices. A test
 * waiting for the mail an action of its own sends skips them (they arrive at any moment around it); `mailWithSubject`
 * finds them.
 */
export const AUTOMATIC_SUBJECTS = [
  'Confirm your Skynet e-mail address',
  'Your Skynet password was changed',
  'Your Skynet password was reset',
  'New sign-in to your Skynet account',
  'A second factor was added to your Skynet account',
  'A second factor was removed from your Skynet account',
];

/** Whether an .eml file's text is one of AUTOMATIC_SUBJECTS. */
export const isAutomaticMail = (text: string): boolean =>
  AUTOMATIC_SUBJECTS.includes(text.match(/^Subject: (.+)$/m)?.[1]?.trim() ?? '');

/**
 * The text of the newest mail to `to` in the outbox folder (automatic ones skipped), quoted-printable soft breaks
 * undone; waits up to 5 s.
 */
export async function waitForMail(dir: string, to: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const text = await readFile(path.join(dir, f), 'utf8');
      if (
        text.includes(`To: ${to}`) &&
        !isAutomaticMail(text) &&
        Date.parse(text.match(/^Date: (.+)$/m)?.[1] ?? '') >= after - 1000
      )
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

/** Every mail to `to` with this subject, oldest first, soft breaks undone; waits up to 5 s for at least `count`. */
export async function mailsWithSubject(
  dir: string,
  to: string,
  subject: string,
  count = 1,
): Promise<string[]> {
  let found: string[] = [];
  for (let i = 0; i < 100; i++) {
    found = [];
    for (const f of (await readdir(dir).catch(() => [] as string[])).sort()) {
      const text = await readFile(path.join(dir, f), 'utf8');
      if (text.includes(`To: ${to}`) && text.match(/^Subject: (.+)$/m)?.[1]?.trim() === subject)
        found.push(text.replace(/=\r?\n/g, ''));
    }
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return found;
}
