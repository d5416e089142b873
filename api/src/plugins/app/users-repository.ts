// The users' repository the routes use (app.usersRepository): one object composed of three, each with one job,
// in users/: profiles, the social graph, credentials.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.js';
import { createCredentialsRepository } from './users/credentials-repository.js';
import { createProfilesRepository } from './users/profiles-repository.js';
import { createSocialGraphRepository } from './users/social-graph-repository.js';

export { avatarUrl, toCurrentUser, toUser, type UserRow } from './users/rows.js';

/** `profileChanged`: called after a user's name or avatar changed (the feed cache holds both in its pages). */
export function createUsersRepository(db: Db, profileChanged: () => Promise<void> = async () => {}) {
  return {
    ...createProfilesRepository(db, profileChanged),
    ...createSocialGraphRepository(db),
    ...createCredentialsRepository(db),
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    usersRepository: UsersRepository;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'usersRepository',
      createUsersRepository(app.db, () => app.feedChanged({ kind: 'clear' })),
    );
  },
  { name: 'users-repository', dependencies: ['database', 'feed-cache'] },
);
