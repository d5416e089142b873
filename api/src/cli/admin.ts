import os from 'node:os';
import { loadConfig } from '../config.js';
import type { Db } from '../db/database.js';
import {
  actOnPerson,
  type PersonAction,
  setAdmin,
  signOutEverywhere,
  undoDeletion,
} from '../plugins/app/moderation/actions.js';
import { type Actor, auditPage } from '../plugins/app/moderation/audit.js';
import { createUsersRepository } from '../plugins/app/users-repository.js';
import { openConfiguredDatabase } from '../plugins/external/database.js';
import { type CliResult, runAsMain } from './main.js';

const USAGE = `Usage: npm run admin -- <command>
  grant <email> [reason...]       make the account an administrator
  revoke <email> [reason...]      no longer an administrator
  signout <email> [reason...]     end every session and token of the account (live sockets within a second)
  suspend <email> <reason...>     they cannot sign in or write; signed out everywhere
  unsuspend <email> <reason...>   lift the suspension
  silence <email> <reason...>     their posts leave the galaxy and planet feeds and search
  unsilence <email> <reason...>   lift the silencing
  undelete <email> <reason...>    undo a deletion within its 30 days (the account, profile and posts come back)
  audit                           the last 20 entries of the audit log`;

const PERSON_ACTIONS: Record<string, PersonAction> = {
  suspend: 'suspend',
  unsuspend: 'unsuspend',
  silence: 'silence',
  unsilence: 'unsilence',
};
const DONE: Record<PersonAction, [done: string, already: string]> = {
  warn: ['is warned', 'is warned'],
  suspend: ['is suspended and signed out everywhere', 'was already suspended'],
  unsuspend: ['is no longer suspended', 'was not suspended'],
  silence: ['is silenced', 'was already silenced'],
  unsilence: ['is no longer silenced', 'was not silenced'],
};

/** Who ran the command, as the audit log names them. */
export function operator(): string {
  let name = 'unknown'; // a uid without a passwd entry (some containers)
  try {
    name = os.userInfo().username;
  } catch {}
  return `npm run admin (${name})`;
}

/** Whether the arguments are a command this CLI knows (else its usage, exit code 2, before any database opens). */
function valid([command, email, ...reason]: string[]): boolean {
  if (command === 'audit') return email === undefined;
  if (command === 'grant' || command === 'revoke' || command === 'signout') return Boolean(email);
  return (
    command !== undefined &&
    (command in PERSON_ACTIONS || command === 'undelete') &&
    Boolean(email) &&
    reason.join('').trim() !== ''
  );
}

/**
 * The commands on an open database, every one written to the audit log with `actor` (actor_id null). The running
 * API learns of each change at commit (the users and sessions tables' notifications): tokens, rights and sockets.
 */
export async function adminCommand(db: Db, args: string[], actor: Actor): Promise<CliResult> {
  if (!valid(args)) return { code: 2, out: USAGE };
  const [command, rawEmail = '', ...words] = args as [string, ...string[]];
  const email = rawEmail.trim();
  const reason = words.join(' ').trim();
  if (command === 'audit') {
    const entries = await auditPage(db, 0);
    if (entries.length === 0) return { code: 0, out: 'The audit log is empty.' };
    return {
      code: 0,
      out: entries
        .map((e) =>
          [
            e.createdAt,
            e.actor,
            e.action,
            `${e.targetType} ${e.targetId}${e.targetName ? ` (${e.targetName})` : ''}`,
            e.reason,
          ].join('  '),
        )
        .join('\n'),
    };
  }
  const user = await createUsersRepository(db).byEmail(email);
  if (!user) return { code: 1, out: `No account has the e-mail ${rawEmail}.` };
  if (command === 'signout') {
    const sessions = await signOutEverywhere(db, actor, user.id, reason);
    return { code: 0, out: `${rawEmail} is signed out everywhere (${sessions} session(s) ended).` };
  }
  if (command === 'undelete') {
    const undone = await undoDeletion(db, actor, user.id, reason);
    return undone
      ? {
          code: 0,
          out: `${rawEmail} is no longer deleted: the account and its posts are back; they sign in again.`,
        }
      : { code: 1, out: `${rawEmail} is not deleted.` };
  }
  if (command === 'grant' || command === 'revoke') {
    await setAdmin(db, actor, user.id, command === 'grant', reason);
    return {
      code: 0,
      out:
        command === 'grant'
          ? `${rawEmail} is now an administrator.`
          : `${rawEmail} is no longer an administrator.`,
    };
  }
  const action = PERSON_ACTIONS[command]!;
  const done = await db.transaction((tx) => actOnPerson(tx, actor, action, user.id, reason));
  const [changed, already] = DONE[action];
  return { code: 0, out: `${rawEmail} ${done.changed ? changed : already}.` };
}

/** `npm run admin`: the commands above on the same DATABASE_URL / DATA_DIR as the server. */
export async function runAdmin(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  if (!valid(args)) return { code: 2, out: USAGE };
  const database = await openConfiguredDatabase(loadConfig(env));
  try {
    return await adminCommand(database.db, args, { id: null, name: operator() });
  } finally {
    await database.close();
  }
}

runAsMain(import.meta.url, (args) => runAdmin(args));
