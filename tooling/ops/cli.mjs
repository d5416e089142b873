#!/usr/bin/env node
// `npm run ops -- <command>`: publish, roll out, promote and roll back one remote at a time. See docs/operations.md.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RouteTableError, readBuiltRoutes } from '../routes/read-routes.mjs';
import { buildDir, REMOTES, readPackage } from '../site/layout.mjs';
import {
  canaryGuard,
  fetchSummary,
  formatRoute,
  formatStatus,
  promote,
  publish,
  rollback,
  rollout,
  route,
  status,
} from './commands.mjs';
import { OpsError } from './registry-store.mjs';

const USAGE = `usage: npm run ops -- <command> [options]

  publish <remote> [--from <dir>] [--version <v>]   copy a build to /remotes/<remote>/<version>/ (immutable)
  rollout <remote> <version> [--percent N]          make a version stable, or a sticky canary for N% of people
  promote <remote> [--force --reason "…"]           the canary becomes stable, if its failure rate and sample allow
  canary-guard [<remote>]                           drop each canary whose failure rate is above the threshold
  rollback <remote>                                 back to the previous stable (from the history), canary dropped
  status [--api http://localhost:8080] [--json]     stable, canary, versions and failures per remote
  route <path> [--signed-out] [--json]              which remote shows a path, on which route, to whom

  common: --reason "<why>"  (kept in registry-history.jsonl)
          --site <dir>       (default: SITE_DIR, else DATA_DIR/site, else .data/site)
          --expect-revision N  (refuse unless the registry is still at revision N)
  gate:   --max-failure-rate P (percent, default 5)  --min-loads N (default 20)  --api <url> (the counts' server)
remotes: ${REMOTES.join(', ')}`;

/** Paths given on the command line are relative to where the person ran npm, not to tooling/. */
const cwd = process.env.INIT_CWD ?? process.cwd();

/**
 * The routes a build carries (its routes.json, written from the remote's src/routes.ts): refused when missing.
 * @param {string} dir
 */
function routesOfBuild(dir) {
  try {
    return readBuiltRoutes(dir);
  } catch (error) {
    if (error instanceof RouteTableError) throw new OpsError(error.message, 'missing');
    throw error;
  }
}

/** @param {string[]} argv */
async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      percent: { type: 'string' },
      reason: { type: 'string' },
      from: { type: 'string' },
      version: { type: 'string' },
      site: { type: 'string' },
      api: { type: 'string' },
      token: { type: 'string' },
      json: { type: 'boolean' },
      'signed-out': { type: 'boolean' },
      'expect-revision': { type: 'string' },
      force: { type: 'boolean' },
      'max-failure-rate': { type: 'string' },
      'min-loads': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, remote, version] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (values.site) process.env.SITE_DIR = resolve(cwd, values.site);
  const { siteDir } = await import('../site/layout.mjs');
  const site = siteDir();
  const reason = values.reason;
  const expectRevision =
    values['expect-revision'] === undefined ? undefined : Number(values['expect-revision']);
  const gate = {
    ...(values['max-failure-rate'] === undefined
      ? {}
      : { maxFailureRate: Number(values['max-failure-rate']) / 100 }),
    ...(values['min-loads'] === undefined ? {} : { minLoads: Number(values['min-loads']) }),
  };
  const api = values.api ?? process.env.OPS_API ?? 'http://localhost:8080';
  const token = values.token ?? process.env.OPS_TOKEN;
  const needRemote = () => {
    if (!remote) throw new OpsError(`usage: ${command} <remote>\n\n${USAGE}`, 'usage');
    return remote;
  };

  switch (command) {
    case 'publish': {
      const name = needRemote();
      const pkg = REMOTES.includes(name) ? readPackage(name) : null;
      const from = values.from ? resolve(cwd, values.from) : buildDir(name);
      const v = values.version ?? pkg?.version;
      if (!v) throw new OpsError(`${name} is not a workspace remote: pass --version and --from`, 'usage');
      const result = publish({
        site,
        remote: name,
        version: v,
        from,
        routes: routesOfBuild(from),
        reason,
      });
      console.log(
        result.status === 'published'
          ? `published ${name}@${result.version} (${Object.keys(result.files).length} files) to ${site}/remotes/${name}/${result.version}/`
          : `${name}@${result.version} is already published with these files: nothing to do`,
      );
      return 0;
    }
    case 'rollout': {
      const name = needRemote();
      if (!version) throw new OpsError('usage: rollout <remote> <version> [--percent N]', 'usage');
      const percent = values.percent === undefined ? undefined : Number(values.percent);
      const result = rollout({ site, remote: name, version, percent, reason, expectRevision });
      for (const warning of result.warnings) console.warn(`warning: ${warning}`);
      console.log(
        result.after.canary
          ? `${name}: canary ${version} for ${result.after.canary.percent}% of people (stable stays ${result.after.stable})`
          : `${name}: ${version} is stable for everyone (was ${result.before.stable})`,
      );
      return 0;
    }
    case 'promote': {
      const name = needRemote();
      const summary = await fetchSummary(api, { token });
      const result = promote({
        site,
        remote: name,
        reason,
        expectRevision,
        summary,
        force: values.force,
        gate,
      });
      for (const warning of result.warnings) console.warn(`warning: ${warning}`);
      console.log(
        `${name}: canary ${result.after.stable} promoted to stable (was ${result.before.stable})` +
          `${result.refusal ? ', forced' : ''}; failure counts from ${api}`,
      );
      return 0;
    }
    case 'rollback': {
      const name = needRemote();
      const result = rollback({ site, remote: name, reason, expectRevision });
      console.log(
        `${name}: rolled back to ${result.after.stable} (was ${result.before.stable}` +
          `${result.before.canary ? `, canary ${result.before.canary.version} dropped` : ''})`,
      );
      return 0;
    }
    case 'status': {
      const report = await status({ site, api, token, gate });
      console.log(values.json ? JSON.stringify(report, null, 2) : formatStatus(report));
      return 0;
    }
    case 'canary-guard': {
      const summary = await fetchSummary(api, { token });
      const results = canaryGuard({ site, remote, summary, gate });
      if (values.json) console.log(JSON.stringify(results, null, 2));
      else if (results.length === 0) console.log(`no canary to guard${remote ? ` for ${remote}` : ''}`);
      for (const result of values.json ? [] : results) {
        console.log(
          result.action === 'dropped'
            ? `${result.remote}: canary ${result.version} dropped (${result.why}); everyone is on stable`
            : `${result.remote}: canary ${result.version} kept (${result.why})`,
        );
      }
      return 0;
    }
    case 'route': {
      if (!remote) throw new OpsError('usage: route <path> [--signed-out] [--json]', 'usage');
      const answer = route({ site, path: remote, signedIn: !values['signed-out'] });
      console.log(values.json ? JSON.stringify(answer, null, 2) : formatRoute(answer));
      return 0;
    }
    default:
      throw new OpsError(`unknown command "${command}"\n\n${USAGE}`, 'usage');
  }
}

// `npm run ops -- <command> --option` reaches us through pnpm as `-- <command> --option`: parseArgs would take every
// word after that `--` as a positional and silently drop the options.
const args = process.argv.slice(2);
main(args[0] === '--' ? args.slice(1) : args).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof OpsError || error?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      console.error(`ops: ${error.message}`);
      process.exit(error.code === 'usage' ? 2 : 1);
    }
    console.error(error);
    process.exit(1);
  },
);
