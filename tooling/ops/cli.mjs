#!/usr/bin/env node
// `npm run ops -- <command>`: publish, roll out, promote and roll back one remote at a time. See docs/operations.md.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RouteTableError, readBuiltRoutes } from '../routes/built-routes.mjs';
import { buildDir, REMOTES, readPackage, repoRoot } from '../site/layout.mjs';
import {
  canaryGuard,
  fetchCounts,
  formatRoute,
  formatStatus,
  pause,
  promote,
  publish,
  readBuilt,
  remove,
  rollback,
  rollout,
  route,
  setPolicy,
  status,
} from './commands.mjs';
import { OpsError, readRegistry, registryStore } from './registry-store.mjs';

const USAGE = `usage: npm run ops -- <command> [options]

  publish <remote> [--from <dir>] [--version <v>]   copy a build to /remotes/<remote>/<version>/ (immutable);
                                                    default: <remote>/dist and the version its built.json records
  rollout <remote> <version> [--percent N]          make a version stable, or a sticky canary for N% of people
                                                    (a remote not in the registry yet: registered, stable)
  promote <remote> [--force --reason "…"]           the canary becomes stable, if its failure rate and sample allow
  canary-guard [<remote>]                           drop each canary whose failure rate is above the threshold
  rollback <remote>                                 back to the previous stable (from the history), canary dropped
  pause <remote> | resume <remote>                  hold the canary where it is (the release job leaves it), or not
  policy <remote> [--auto|--manual] [--steps 5,25,50,100] [--bake-minutes N] [--min-samples N]
                                                    how the release job moves its canaries (no option: show it)
  remove <remote> --reason "…" [--force]            take a remote out of the registry (its files stay); refused
                                                    while it has a canary unless --force
  status [--api http://localhost:8080] [--json]     stable, canary, versions and failures per remote
  route <path> [--signed-out|--admin] [--json]      which remote shows a path, on which route, to whom

  common: --reason "<why>"  (kept in registry-history.jsonl)
          --site <dir>       (default: SITE_DIR, else DATA_DIR/site, else .data/site)
          --database-url <postgres://…>  (default: DATABASE_URL; the registry in PostgreSQL, else in the site folder)
          --expect-revision N  (refuse unless the registry is still at revision N)
  gate:   --max-failure-rate P (percent, default 5)  --min-loads N (default 20)  --api <url> (the counts' server)
  counts: --api <url> (default OPS_API, else http://localhost:8080), --token <an administrator's token> (default
          SKYNET_OPS_TOKEN); counts of another product's registry are refused
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

/** Every option, and its type (strings take a value: `--percent 50` or `--percent=50`). */
const OPTIONS = /** @type {const} */ ({
  percent: { type: 'string' },
  reason: { type: 'string' },
  from: { type: 'string' },
  version: { type: 'string' },
  site: { type: 'string' },
  'database-url': { type: 'string' },
  api: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean' },
  'signed-out': { type: 'boolean' },
  admin: { type: 'boolean' },
  'expect-revision': { type: 'string' },
  force: { type: 'boolean' },
  'max-failure-rate': { type: 'string' },
  'min-loads': { type: 'string' },
  auto: { type: 'boolean' },
  manual: { type: 'boolean' },
  steps: { type: 'string' },
  'bake-minutes': { type: 'string' },
  'min-samples': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
});

const WRITE = ['reason', 'expect-revision'];
const GATE = ['api', 'token', 'max-failure-rate', 'min-loads'];
/**
 * Per command: the positional words after the command (required ones first) and the options it takes. Anything
 * else is refused: a misspelt or misplaced option must never be dropped silently (issue 24: `--percent` lost made a
 * canary stable for everyone).
 */
const COMMANDS = {
  publish: { words: ['<remote>'], required: 1, options: ['from', 'version', ...WRITE] },
  rollout: { words: ['<remote>', '<version>'], required: 2, options: ['percent', ...WRITE] },
  promote: { words: ['<remote>'], required: 1, options: ['force', ...GATE, ...WRITE] },
  rollback: { words: ['<remote>'], required: 1, options: [...WRITE] },
  status: { words: [], required: 0, options: ['json', ...GATE] },
  'canary-guard': { words: ['[<remote>]'], required: 0, options: ['json', ...GATE] },
  route: { words: ['<path>'], required: 1, options: ['signed-out', 'admin', 'json'] },
  pause: { words: ['<remote>'], required: 1, options: [...WRITE] },
  resume: { words: ['<remote>'], required: 1, options: [...WRITE] },
  policy: {
    words: ['<remote>'],
    required: 1,
    options: ['auto', 'manual', 'steps', 'bake-minutes', 'min-samples', 'json', ...WRITE],
  },
  remove: { words: ['<remote>'], required: 1, options: ['force', ...WRITE] },
};

/**
 * Reads the command line strictly: the command, its words and its options; throws a usage OpsError (exit 2) for an
 * unknown command or option, an option the command does not take, a missing value, or a stray word.
 * @param {string[]} argv
 */
function parseCommandLine(argv) {
  const { values, positionals, tokens } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    tokens: true,
    options: OPTIONS,
  });
  const [command, ...words] = positionals;
  if (values.help === true || !command) return { command, words, values, help: true };
  const spec = COMMANDS[/** @type {keyof typeof COMMANDS} */ (command)];
  if (!spec) throw new OpsError(`unknown command "${command}"\n\n${USAGE}`, 'usage');
  const takes = [...spec.options, 'site', 'database-url', 'help'];
  const listed = takes.map((name) => `--${name}`).join(', ');
  for (const token of tokens) {
    if (token.kind === 'option-terminator') {
      throw new OpsError(
        `a lone "--" in the middle of the command line: options after it would be lost`,
        'usage',
      );
    }
    if (token.kind !== 'option') continue;
    const option = OPTIONS[/** @type {keyof typeof OPTIONS} */ (token.name)];
    if (!option) throw new OpsError(`unknown option ${token.rawName} (${command} takes ${listed})`, 'usage');
    if (!takes.includes(token.name)) {
      throw new OpsError(`${command} does not take ${token.rawName} (it takes ${listed})`, 'usage');
    }
    if (option.type === 'string' && (token.value === undefined || token.value === '')) {
      throw new OpsError(`${token.rawName} needs a value`, 'usage');
    }
    if (option.type === 'boolean' && token.inlineValue) {
      throw new OpsError(`${token.rawName} takes no value (got "${token.value}")`, 'usage');
    }
  }
  if (words.length > spec.words.length) {
    const stray = words
      .slice(spec.words.length)
      .map((word) => `"${word}"`)
      .join(' ');
    throw new OpsError(
      `unexpected ${stray} after \`${[command, ...words.slice(0, spec.words.length)].join(' ')}\` ` +
        `(usage: ${[command, ...spec.words].join(' ')} [options]; quote a --reason of several words)`,
      'usage',
    );
  }
  if (words.length < spec.required) {
    throw new OpsError(`usage: ${[command, ...spec.words].join(' ')} [options]\n\n${USAGE}`, 'usage');
  }
  return { command, words, values, help: false };
}

/** @param {string[]} argv */
async function main(argv) {
  const parsed = parseCommandLine(argv);
  const { command } = parsed;
  const raw = /** @type {Record<string, string | boolean | undefined>} */ (parsed.values);
  // parseCommandLine checked each option's type: strings have a value, flags none.
  const values = {
    /** @param {string} name */
    str: (name) => (typeof raw[name] === 'string' ? /** @type {string} */ (raw[name]) : undefined),
    /** @param {string} name */
    flag: (name) => raw[name] === true,
  };
  const [remote] = parsed.words;
  if (parsed.help) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (values.str('site')) process.env.SITE_DIR = resolve(cwd, /** @type {string} */ (values.str('site')));
  const { siteDir } = await import('../site/layout.mjs');
  const site = siteDir();
  // Where the registry lives (registry-store.mjs): PostgreSQL with DATABASE_URL, else the site folder's remotes.json.
  const databaseUrl = values.str('database-url');
  if (databaseUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl))
      throw new OpsError('--database-url must be a postgres:// or postgresql:// URL', 'usage');
    process.env.DATABASE_URL = databaseUrl;
  }
  // Every registry change says why in registry-history.jsonl, even when nobody said.
  const reason = values.str('reason') ?? 'no --reason given';
  const wholeNumber = (/** @type {string} */ name) => {
    const text = values.str(name);
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text)) {
      throw new OpsError(`--${name} must be a whole number (got "${text}")`, 'usage');
    }
    return Number(text);
  };
  const expectRevision = wholeNumber('expect-revision');
  const minLoads = wholeNumber('min-loads');
  const gate = {
    ...(values.str('max-failure-rate') === undefined
      ? {}
      : { maxFailureRate: Number(values.str('max-failure-rate')) / 100 }),
    ...(minLoads === undefined ? {} : { minLoads }),
  };
  const api = values.str('api') ?? process.env.OPS_API ?? 'http://localhost:8080';
  const apiFrom = values.str('api') ? '--api' : process.env.OPS_API ? 'OPS_API' : 'the default';
  // An administrator's token: the counts are for administrators (docs/operations.md, "An administrator's token").
  const token = values.str('token') ?? process.env.SKYNET_OPS_TOKEN ?? process.env.OPS_TOKEN;
  const needRemote = () => /** @type {string} */ (remote);
  /**
   * What a read command read, named on every answer (issue 24: a status of another server's figures looked like
   * this one's): the registry file and its revision, and the server the failure counts came from.
   * @param {boolean} counts
   */
  const source = async (counts) => ({
    registry: registryStore(site).where,
    revision: (await readRegistry(site)).revision,
    ...(counts ? { api, apiFrom } : {}),
  });
  /** @param {Awaited<ReturnType<typeof source>>} read */
  const sourceLine = (read) =>
    `read: registry ${read.registry} (revision ${read.revision})` +
    (read.api ? `; failure counts from ${read.api} (${read.apiFrom})` : '');

  switch (command) {
    case 'publish': {
      const name = needRemote();
      // Defaults: the remote's build folder (<remote>/dist) and the version its build recorded (dist/built.json,
      // written by tooling/rspack from package.json). In the container image there is no workspace: --from.
      const inWorkspace = REMOTES.includes(name) && existsSync(join(repoRoot, name, 'package.json'));
      const given = values.str('from');
      if (!given && !inWorkspace)
        throw new OpsError(
          `${name} is not a remote of this workspace: pass --from <its build folder>`,
          'usage',
        );
      if (!given && !existsSync(join(repoRoot, name, 'dist')))
        throw new OpsError(
          `${name} has no build: run \`node scripts/pnpm.mjs --filter @skynet/${name} build\` first`,
          'missing',
        );
      const from = given ? resolve(cwd, given) : buildDir(name);
      const recorded = readBuilt(from);
      if (recorded.remote && recorded.remote !== name) {
        throw new OpsError(`${from} is a build of ${recorded.remote}, not ${name}`, 'usage');
      }
      const v =
        values.str('version') ?? recorded.version ?? (inWorkspace ? readPackage(name).version : undefined);
      if (!v) throw new OpsError(`${from} has no built.json naming its version: pass --version`, 'usage');
      const result = await publish({
        site,
        remote: name,
        version: v,
        from,
        routes: routesOfBuild(from),
        reason,
        built: recorded.built,
      });
      const built = recorded.built
        ? ` (built with kit ${recorded.built.kit ?? '?'}, contract ${recorded.built.contract ?? '?'})`
        : '';
      console.log(
        result.status === 'published'
          ? `published ${name}@${result.version} (${Object.keys(result.files).length} files)${built} to ${site}/remotes/${name}/${result.version}/`
          : `${name}@${result.version} is already published with these files: nothing to do`,
      );
      return 0;
    }
    case 'rollout': {
      const name = needRemote();
      const version = /** @type {string} */ (parsed.words[1]);
      const percent =
        values.str('percent') === undefined
          ? undefined
          : Number(String(values.str('percent')).replace(/%$/, ''));
      const result = await rollout({ site, remote: name, version, percent, reason, expectRevision });
      for (const warning of result.warnings) console.warn(`warning: ${warning}`);
      console.log(
        result.after.canary
          ? `${name}: canary ${version} for ${result.after.canary.percent}% of people (stable stays ${result.after.stable})`
          : result.before.stable === null
            ? `${name}: registered, ${version} is stable for everyone`
            : `${name}: ${version} is stable for everyone (was ${result.before.stable})`,
      );
      return 0;
    }
    case 'promote': {
      const name = needRemote();
      const read = await source(true);
      const summary = await fetchCounts(site, api, { token });
      const result = await promote({
        site,
        remote: name,
        reason,
        expectRevision,
        summary,
        force: values.flag('force'),
        gate,
      });
      for (const warning of result.warnings) console.warn(`warning: ${warning}`);
      console.log(
        `${name}: canary ${result.after.stable} promoted to stable (was ${result.before.stable})` +
          `${result.refusal ? ', forced' : ''}; failure counts from ${api}`,
      );
      console.log(sourceLine(read));
      return 0;
    }
    case 'rollback': {
      const name = needRemote();
      const result = await rollback({ site, remote: name, reason, expectRevision });
      const dropped = result.before.canary?.version;
      console.log(
        result.after.stable === result.before.stable
          ? `${name}: canary ${dropped} dropped; stable stays ${result.after.stable} (no earlier stable in the history)`
          : `${name}: rolled back to ${result.after.stable} (was ${result.before.stable}` +
              `${dropped ? `, canary ${dropped} dropped` : ''})`,
      );
      return 0;
    }
    case 'status': {
      const read = await source(true);
      const report = await status({ site, api, token, gate });
      console.log(
        values.flag('json')
          ? JSON.stringify({ source: read, ...report }, null, 2)
          : `${sourceLine(read)}\n${formatStatus(report)}`,
      );
      return 0;
    }
    case 'canary-guard': {
      const read = await source(true);
      const summary = await fetchCounts(site, api, { token });
      const results = await canaryGuard({ site, remote, summary, gate });
      if (values.flag('json')) console.log(JSON.stringify({ source: read, results }, null, 2));
      else console.log(sourceLine(read));
      if (!values.flag('json') && results.length === 0)
        console.log(`no canary to guard${remote ? ` for ${remote}` : ''}`);
      for (const result of values.flag('json') ? [] : results) {
        console.log(
          result.action === 'dropped'
            ? `${result.remote}: canary ${result.version} dropped (${result.why}); everyone is on stable`
            : `${result.remote}: canary ${result.version} kept (${result.why})`,
        );
      }
      return 0;
    }
    case 'pause':
    case 'resume': {
      const name = needRemote();
      const result = await pause({ site, remote: name, paused: command === 'pause', reason, expectRevision });
      console.log(
        command === 'pause'
          ? `${name}: canary ${result.before.canary?.version} paused at ${result.before.canary?.percent}% (the release job leaves it until resume)`
          : `${name}: canary ${result.before.canary?.version} resumed at ${result.before.canary?.percent}%`,
      );
      return 0;
    }
    case 'policy': {
      const name = needRemote();
      if (values.flag('auto') && values.flag('manual'))
        throw new OpsError('--auto or --manual, not both', 'usage');
      /** @type {Record<string, unknown>} */
      const change = {};
      if (values.flag('auto')) change.mode = 'auto';
      if (values.flag('manual')) change.mode = 'manual';
      const steps = values.str('steps');
      if (steps !== undefined) {
        const list = steps.split(',').map((step) => step.trim().replace(/%$/, ''));
        if (list.some((step) => !/^\d+(\.\d+)?$/.test(step)))
          throw new OpsError(
            `--steps must be percentages separated by commas, like 5,25,50,100 (got "${steps}")`,
            'usage',
          );
        change.steps = list.map(Number);
      }
      const bake = wholeNumber('bake-minutes');
      if (bake !== undefined) change.bakeMinutes = bake;
      const samples = wholeNumber('min-samples');
      if (samples !== undefined) change.minSamples = samples;
      const result = await setPolicy({ site, remote: name, change, reason, expectRevision });
      const p = result.policy;
      const text = `${p.mode}, steps ${p.steps.join(', ')}%, bake ${p.bakeMinutes} min, at least ${p.minSamples} samples`;
      if (values.flag('json')) console.log(JSON.stringify({ remote: name, ...result }, null, 2));
      else console.log(result.changed ? `${name}: policy ${text}` : `${name}: policy ${text} (unchanged)`);
      return 0;
    }
    case 'remove': {
      const name = needRemote();
      if (!values.str('reason')?.trim())
        throw new OpsError('remove needs a --reason "…" (kept in the registry history)', 'usage');
      const result = await remove({
        site,
        remote: name,
        reason,
        force: values.flag('force'),
        expectRevision,
      });
      console.log(
        `${name}: removed from the registry (was stable ${result.before.stable}` +
          `${result.before.canary ? `, canary ${result.before.canary.version} for ${result.before.canary.percent}%` : ''}); ` +
          `its published files stay in ${site}/remotes/${name}/ (\`rollout ${name} <version>\` registers it again)`,
      );
      return 0;
    }
    case 'route': {
      const read = await source(false);
      const answer = await route({
        site,
        path: /** @type {string} */ (remote),
        signedIn: !values.flag('signed-out'),
        admin: values.flag('admin'),
      });
      // The answer stays one line on stdout (for scripts); what it read goes to stderr.
      if (values.flag('json')) console.log(JSON.stringify({ ...answer, source: read }, null, 2));
      else {
        console.log(formatRoute(answer));
        console.error(sourceLine(read));
      }
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
    if (error instanceof OpsError) {
      console.error(`ops: ${error.message}`);
      process.exit(error.code === 'usage' ? 2 : 1);
    }
    console.error(error);
    process.exit(1);
  },
);
