// Issue 30, item 5: versioned releases and the expand-then-contract rule (docs/operations.md, "Upgrade").
// - One version for the product: package.json, api, site and contract agree; CHANGELOG.md has its section and an
//   Unreleased one; api/releases.json names the migration level of that release.
// - Migrations newer than the last release only expand: a static check over their SQL refuses dropping, renaming,
//   retyping, NOT NULL on existing columns (or new ones without a default), new CHECKs, dropped defaults and
//   TRUNCATE, unless api/releases.json lists the contraction with the later release that makes it.
// - The previous release's schema is contained in the newest: every table, column (same type, same nullability),
//   function and trigger the previous release's migrations made is still there, and every column added to one of
//   its tables can be left out of an insert (nullable or with a default): the previous release's code keeps working
//   during a rolling upgrade. Compared on two databases, one per level.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import semver from 'semver';
import { API_ROOT, REPO_ROOT } from '../src/config.js';
import {
  createInMemoryPglite,
  type Database,
  MIGRATIONS_DIR,
  migrateDatabase,
  rows,
  wrapPglite,
} from '../src/db/database.js';
import { shippedMigrations } from '../src/db/migrations.js';
import { migrationsFolderUpTo } from './migration-levels.js';

interface Contraction {
  migration: string;
  rule: string;
  /** The release that ships this contraction: later than the one whose code stops needing what it removes. */
  release: string;
  why: string;
  /** What it removes or changes (`table`, `table.column`, a function or trigger name): the schema comparison allows it. */
  objects?: string[];
}
interface Releases {
  released: Record<string, string>;
  contractions: Contraction[];
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const versionOf = (dir: string) =>
  readJson<{ version: string }>(path.join(REPO_ROOT, dir, 'package.json')).version;
const releases = readJson<Releases>(path.join(API_ROOT, 'releases.json'));
const shipped = shippedMigrations().map((m) => m.tag);

/** What makes a statement a contraction: the previous release's code could fail on the schema after it. */
const RULES: { rule: string; test: (statement: string) => boolean }[] = [
  {
    rule: 'drop',
    test: (s) =>
      /\bDROP\s+(TABLE|COLUMN|SCHEMA|TYPE|VIEW|MATERIALIZED\s+VIEW|FUNCTION|TRIGGER|SEQUENCE)\b/i.test(s),
  },
  { rule: 'rename', test: (s) => /\bRENAME\b/i.test(s) },
  { rule: 'set-not-null', test: (s) => /\bSET\s+NOT\s+NULL\b/i.test(s) },
  { rule: 'type-change', test: (s) => /\bALTER\s+COLUMN\s+("[^"]+"|\w+)\s+(SET\s+DATA\s+)?TYPE\b/i.test(s) },
  {
    rule: 'not-null-without-default',
    test: (s) =>
      [...s.matchAll(/\bADD\s+COLUMN\b([^,;]*)/gi)].some(
        ([, clause]) => /\bNOT\s+NULL\b/i.test(clause ?? '') && !/\bDEFAULT\b/i.test(clause ?? ''),
      ),
  },
  { rule: 'new-check', test: (s) => /\bADD\s+CONSTRAINT\b[^;]*\bCHECK\b/i.test(s) },
  { rule: 'drop-default', test: (s) => /\bDROP\s+DEFAULT\b/i.test(s) },
  { rule: 'truncate', test: (s) => /\bTRUNCATE\b/i.test(s) },
];

/** The contractions in a migration's SQL: one per statement and rule (comments left out). */
function contractionsIn(text: string): { rule: string; statement: string }[] {
  const statements = text
    .split('\n')
    .map((line) => line.replace(/--(?!>).*$/, ''))
    .join('\n')
    .split(/-->\s*statement-breakpoint|;\s*\n/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return statements.flatMap((statement) =>
    RULES.filter((r) => r.test(statement)).map((r) => ({ rule: r.rule, statement })),
  );
}

const lastRelease = Object.keys(releases.released).sort(semver.compare).at(-1) as string;
const releasedLevel = shipped.indexOf(releases.released[lastRelease] as string) + 1;

describe('versioned releases', () => {
  it('one version for the product: package.json, api, site and contract', () => {
    const version = versionOf('.');
    assert.ok(semver.valid(version), `${version} is semver`);
    for (const dir of ['api', 'site', 'contract'])
      assert.equal(versionOf(dir), version, `${dir}/package.json`);
  });

  it('CHANGELOG.md has an Unreleased section and one for the current version', () => {
    const changelog = readFileSync(path.join(REPO_ROOT, 'CHANGELOG.md'), 'utf8');
    assert.match(changelog, /^## \[Unreleased\]$/m);
    assert.match(
      changelog,
      new RegExp(`^## \\[${versionOf('.').replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
  });

  it('api/releases.json names the migration level of the current version, among the shipped migrations', () => {
    assert.equal(
      lastRelease,
      versionOf('.'),
      'the newest release in api/releases.json is the current version',
    );
    let previous = -1;
    for (const version of Object.keys(releases.released).sort(semver.compare)) {
      const level = shipped.indexOf(releases.released[version] as string);
      assert.ok(level >= 0, `${version}'s migration ${releases.released[version]} is shipped`);
      assert.ok(level >= previous, `${version} does not go back a migration`);
      previous = level;
    }
  });
});

describe('expand-then-contract: migrations newer than the last release only expand', () => {
  it('the check knows a contraction when it sees one', () => {
    const cases: [string, string[]][] = [
      ['CREATE TABLE "x" ("id" uuid PRIMARY KEY NOT NULL, "name" text NOT NULL);', []],
      ['ALTER TABLE "users" ADD COLUMN "bio" text;', []],
      ['ALTER TABLE "users" ADD COLUMN "level" integer DEFAULT 0 NOT NULL;', []],
      ['CREATE INDEX IF NOT EXISTS "i" ON "posts" ("created_at");\n-- DROP TABLE in a comment', []],
      ['DROP INDEX "messages_conversation_idx";', []],
      ['ALTER TABLE "posts" ALTER COLUMN "seq" DROP NOT NULL;', []],
      ['ALTER TABLE "users" ADD COLUMN "level" integer NOT NULL;', ['not-null-without-default']],
      ['DROP TABLE "comments" CASCADE;', ['drop']],
      ['ALTER TABLE "users" DROP COLUMN "bio";', ['drop']],
      ['ALTER TABLE "users" RENAME COLUMN "bio" TO "about";', ['rename']],
      ['ALTER TABLE "messages" ALTER COLUMN "seq" SET NOT NULL;', ['set-not-null']],
      ['ALTER TABLE "posts" ALTER COLUMN "content" SET DATA TYPE varchar(100);', ['type-change']],
      ['ALTER TABLE "posts" ALTER COLUMN content TYPE varchar(100);', ['type-change']],
      ['ALTER TABLE "posts" ADD CONSTRAINT "c" CHECK ("seq" > 0);', ['new-check']],
      ['ALTER TABLE "users" ALTER COLUMN "level" DROP DEFAULT;', ['drop-default']],
      ['TRUNCATE "sessions";', ['truncate']],
    ];
    for (const [text, rules] of cases)
      assert.deepEqual(
        contractionsIn(text).map((c) => c.rule),
        rules,
        text,
      );
  });

  it('it would have refused two contractions of released migrations (0002, 0004)', () => {
    const of = (tag: string) => contractionsIn(readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8'));
    assert.ok(of('0002_chat_seq_user_notify').some((c) => c.rule === 'set-not-null'));
    assert.ok(of('0004_comments_are_posts').some((c) => c.rule === 'drop' && /comments/.test(c.statement)));
  });

  it(`migrations after ${lastRelease}'s ${releases.released[lastRelease]} have no contraction that api/releases.json does not list`, () => {
    const unreleased = shipped.slice(releasedLevel);
    const problems: string[] = [];
    const used = new Set<Contraction>();
    for (const tag of unreleased) {
      for (const found of contractionsIn(readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8'))) {
        const listed = releases.contractions.find((c) => c.migration === tag && c.rule === found.rule);
        if (!listed)
          problems.push(
            `${tag}: ${found.rule}: ${found.statement.slice(0, 160)} (expand only; or list it in api/releases.json "contractions" with the release that contracts)`,
          );
        else used.add(listed);
      }
    }
    for (const c of releases.contractions) {
      if (!semver.valid(c.release) || !semver.gt(c.release, lastRelease))
        problems.push(
          `api/releases.json: the contraction of ${c.migration} must name a release after ${lastRelease}`,
        );
      if (!c.why?.trim()) problems.push(`api/releases.json: the contraction of ${c.migration} says why`);
      if (unreleased.includes(c.migration) && !used.has(c))
        problems.push(`api/releases.json: ${c.migration} has no ${c.rule} any more: remove the entry`);
    }
    assert.deepEqual(problems, []);
  });
});

/** The parts of a schema the previous release's code relies on. */
async function schemaOf(database: Database) {
  const columns = await rows<{ t: string; c: string; type: string; nullable: string; dflt: string | null }>(
    database.db,
    sql`SELECT table_name AS t, column_name AS c, data_type AS type, is_nullable AS nullable, column_default AS dflt
        FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const routines = await rows<{ name: string }>(
    database.db,
    sql`SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prokind = 'f'`,
  );
  const triggers = await rows<{ name: string }>(
    database.db,
    sql`SELECT tgname || ' on ' || tgrelid::regclass AS name FROM pg_trigger WHERE NOT tgisinternal`,
  );
  return {
    columns: new Map(columns.map((c) => [`${c.t}.${c.c}`, c])),
    tables: new Set(columns.map((c) => c.t)),
    routines: new Set(routines.map((r) => r.name)),
    triggers: new Set(triggers.map((t) => t.name)),
  };
}

/** What the previous release's code would miss or trip on in the newest schema (empty: it runs there). */
function incompatibilities(
  previous: Awaited<ReturnType<typeof schemaOf>>,
  newest: Awaited<ReturnType<typeof schemaOf>>,
) {
  const problems: string[] = [];
  for (const [key, old] of previous.columns) {
    const now = newest.columns.get(key);
    if (!now) problems.push(`column ${key} is gone`);
    else if (now.type !== old.type) problems.push(`column ${key} changed type ${old.type} -> ${now.type}`);
    else if (old.nullable === 'YES' && now.nullable === 'NO') problems.push(`column ${key} became NOT NULL`);
    else if (old.dflt !== null && now.dflt === null) problems.push(`column ${key} lost its default`);
  }
  for (const [key, now] of newest.columns) {
    const [table] = key.split('.');
    if (previous.columns.has(key) || !previous.tables.has(table as string)) continue;
    if (now.nullable === 'NO' && now.dflt === null)
      problems.push(
        `column ${key} is new, NOT NULL and without a default: the previous release's inserts fail`,
      );
  }
  for (const r of previous.routines) if (!newest.routines.has(r)) problems.push(`function ${r} is gone`);
  for (const t of previous.triggers) if (!newest.triggers.has(t)) problems.push(`trigger ${t} is gone`);
  return problems;
}

describe(`the previous release's schema (${lastRelease}) is contained in the newest`, () => {
  it('every table, column, function and trigger of the previous level is there, and new columns can be left out', async () => {
    const atLevel = async (count: number) => {
      const folder = migrationsFolderUpTo(count);
      const database = wrapPglite(await createInMemoryPglite());
      try {
        await migrateDatabase(database, folder);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      return database;
    };
    const previousDb = await atLevel(releasedLevel);
    const newestDb = await atLevel(shipped.length);
    try {
      const previous = await schemaOf(previousDb);
      const newest = await schemaOf(newestDb);
      assert.ok(previous.columns.size > 50, 'the previous schema was read');
      // A contraction api/releases.json lists (the release after the one that stopped using it) is allowed here too.
      const allowed = releases.contractions.flatMap((c) => c.objects ?? []);
      const unexpected = incompatibilities(previous, newest).filter(
        (problem) => !allowed.some((o) => new RegExp(`^(column|function|trigger) ${o}[. ]`).test(problem)),
      );
      assert.deepEqual(unexpected, []);

      // And the comparison bites: a contraction on the newest schema is reported.
      await newestDb.executeSql(
        'ALTER TABLE posts DROP COLUMN author_seq; ALTER TABLE likes ADD COLUMN weight integer NOT NULL;',
      );
      const found = incompatibilities(previous, await schemaOf(newestDb));
      assert.ok(found.includes('column posts.author_seq is gone'), found.join('\n'));
      assert.ok(
        found.some((p) => p.startsWith('column likes.weight is new, NOT NULL')),
        found.join('\n'),
      );
    } finally {
      await previousDb.close();
      await newestDb.close();
    }
  });
});
