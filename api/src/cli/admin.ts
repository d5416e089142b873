import { loadConfig } from '../config.js';
import { createSessionsStore } from '../plugins/app/sessions.js';
import { createUsersRepository } from '../plugins/app/users-repository.js';
import { openConfiguredDatabase } from '../plugins/external/database.js';
import { type CliResult, runAsMain } from './main.js';

const USAGE =
  'Usage: npm run admin -- grant <email>   |   npm run admin -- revoke <email>   |   npm run admin -- signout <email>';

/**
 * Names administrators (`grant` / `revoke <email>`) and signs an account out everywhere (`signout <email>`: every
 * session and token ends, live sockets within a second), on the same DATABASE_URL / DATA_DIR as the server.
 */
export async function runAdmin(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  const [command, email] = args;
  if ((command !== 'grant' && command !== 'revoke' && command !== 'signout') || !email)
    return { code: 2, out: USAGE };
  const config = loadConfig(env);
  const database = await openConfiguredDatabase(config);
  try {
    if (command === 'signout') {
      const users = createUsersRepository(database.db);
      const user = await users.byEmail(email.trim());
      if (!user) return { code: 1, out: `No account has the e-mail ${email}.` };
      // Both write triggers that notify every API process (drizzle/0002, 0003): their sockets end at once.
      const sessions = await createSessionsStore(database.db).revokeAll(
        user.id,
        'signed out by an administrator',
      );
      await users.bumpTokenVersion(user.id);
      return { code: 0, out: `${email} is signed out everywhere (${sessions} session(s) ended).` };
    }
    const found = await createUsersRepository(database.db).grantAdmin(email.trim(), command === 'grant');
    if (!found) return { code: 1, out: `No account has the e-mail ${email}.` };
    return {
      code: 0,
      out:
        command === 'grant' ? `${email} is now an administrator.` : `${email} is no longer an administrator.`,
    };
  } finally {
    await database.close();
  }
}

runAsMain(import.meta.url, (args) => runAdmin(args));
