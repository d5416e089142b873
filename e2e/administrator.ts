// An administrator of a product a spec runs of its own, made the way an operator makes one: `npm run admin -- grant
// <email>` (api/dist/cli/admin.js) on the server's DATA_DIR. The embedded database (PGlite) is held by one process at
// a time, so the server is stopped for the command and started again.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { type Api, expect, type TestUser } from './fixtures';
import { type Product, repoRoot } from './product';

/** A new person, signed up through `api`, made an administrator of `product` (its server restarted). */
export async function grantAdministrator(product: Product, api: Api, reason: string): Promise<TestUser> {
  const admin = await api.createUser();
  await product.restart(() => {
    const out = execFileSync(
      process.execPath,
      [join(repoRoot, 'api', 'dist', 'cli', 'admin.js'), 'grant', admin.email, reason],
      { env: product.env, encoding: 'utf8' },
    );
    expect(out).toContain(`${admin.email} is now an administrator.`);
  });
  return admin;
}
