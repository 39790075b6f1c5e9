import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createDatabase, migrate } from '../server/db/database.ts';
import { hashPassword, revokeSessionsOf, unusablePassword } from '../server/services/auth.ts';
import { forgetTrustedDevices, removeTwoFactor } from '../server/services/two-factor.ts';
import { INVITATION_DAYS, issueInvitation } from '../server/services/invitations.ts';
import { logActivity } from '../server/services/activity.ts';
import { createStorage } from '../server/storage/storage.ts';
import { DEMO_ADVISOR_PASSWORD } from './demo/advisor-seed.ts';
import { DEMO_USER_PASSWORD, hasContent, seedDemo } from './demo/seed.ts';
import { USERNAME_RE } from '../common/resources/person.ts';
import { passwordProblem } from '../common/password-policy.ts';
import { t } from '../common/messages.ts';
import { ccfColumns, ccfRowsOf, coreColumns, coreRowsOf, listFile } from '../server/services/venue-rank-files.ts';

// The lab CLI: `npm run lab -- <command>`. Commands: demo, seed-demo, create-user, reset-password,
// reset-2fa, backup, restore, storage, ranks.

const usage = `Usage: npm run lab -- <command> [options]

  demo                         seed the demo lab if the database is empty, then start the site
  seed-demo                    seed the demo lab into an empty database and exit
  create-user --username U --uid ID --name-zh 中文名 --name-en "English Name"
              [--password P] [--admin]
                               create a member (without --password: prints an invitation link,
                               valid for 7 days and usable once, where they choose their password)
  reset-password --username U [--password P]
                               set a new password (without --password: the current one stops
                               working and an invitation link is printed, as for create-user)
  reset-2fa USERNAME            turn off a member's two-factor login (a lost phone): they log in with
                               their password alone and may enrol again
  backup [FILE]                write a backup of the database and every stored file, while the site
                               runs (default FILE: lab-backup-DATE-TIME.tar.gz in BACKUP_DIR or here)
  restore FILE [--force]       restore a backup into this instance (stop the server first); an
                               instance with content is replaced only with --force
  storage move --to s3|disk    copy every stored file from DATA_DIR/files to the S3 bucket (S3_*), or
                               back; each copy checked by size and SHA-256; run again after a stop,
                               it copies only what is missing (stop the server first)
  ranks update [--ccf FILE [--ccf-edition E] [--ccf-source S]]
               [--core FILE [--core-edition E] [--core-source S]]
                               rebuild the venue rank lists in server/venue-ranks/ from CCF's list as
                               CSV (name, full_name, url, level, field, type) and CORE's portal export;
                               a list not given is left as it is; --*-source replaces the file's
                               note of where it came from (else kept)
  storage sweep [--older-than MINUTES]
                               take the stored files no record points at (a write killed before its
                               commit) out of their buckets; they wait a day in removed/ (default 60)

Environment: DATA_DIR, DATABASE_URL, PORT, HOST, PUBLIC_URL (the links' origin), LAB_ADMIN_USERNAME,
LAB_ADMIN_PASSWORD, BACKUP_DIR, S3_BUCKET and the other S3_* (files in a bucket)
(see README and docs/operations.md).`;

function fail(message: string): never {
  console.error(`lab: ${message}`);
  process.exit(2);
}

/** The password policy of the console and the API (common/password-policy.ts), said in both languages. */
function policy(password: string, owner: Parameters<typeof passwordProblem>[1]) {
  const problem = passwordProblem(password, owner);
  if (problem) fail(`the password is refused: ${t('en', problem)} / ${t('zh', problem)}`);
}

/** An invitation's link as printed: PUBLIC_URL's origin, else the address the site listens on, and BASE_PATH. */
function invitationLink(config: ReturnType<typeof loadConfig>, path: string): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `${config.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`}${config.basePath}${path}`;
}

const invitationNote = `Send it to them: it works once, for ${INVITATION_DAYS} days, and shows only now.`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The demo teacher who is also the class advisor (cli/demo/content.ts). */
const DEMO_ADVISOR = 'linyunshu';

const credentialsFile = (dataDir: string) => path.join(dataDir, 'demo-credentials.json');

async function seed(config: ReturnType<typeof loadConfig>) {
  const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const storage = await createStorage(config);
  try {
    await migrate(db);
    await storage.init();
    if (await hasContent(db)) return { seeded: false };
    const password = randomBytes(9).toString('base64url');
    const { ensureAdmin } = await import('../server/services/bootstrap.ts');
    await ensureAdmin(db, config);
    await seedDemo(db, storage, password, { advisor: config.advisorUsername });
    // an administrator from the environment keeps its password there, never in this file
    const admin =
      config.adminUsername && config.adminPassword ? { username: config.adminUsername, password: '(LAB_ADMIN_PASSWORD)' } : { username: 'labadmin', password };
    const advisor = config.advisorUsername ? { username: config.advisorUsername, password: DEMO_ADVISOR_PASSWORD } : undefined;
    fs.writeFileSync(
      credentialsFile(config.dataDir),
      JSON.stringify({ admin, user: { username: 'demo.user', password: DEMO_USER_PASSWORD }, advisor }, null, 2),
      { mode: 0o600 },
    );
    return { seeded: true };
  } finally {
    await storage.close();
    await db.destroy();
  }
}

function printCredentials(dataDir: string, config: ReturnType<typeof loadConfig>) {
  let creds: {
    admin?: { username: string; password: string };
    user?: { username: string; password: string };
    advisor?: { username: string; password: string };
  } = {};
  try {
    creds = JSON.parse(fs.readFileSync(credentialsFile(dataDir), 'utf8'));
  } catch {
    /* an older data folder without the file */
  }
  if (config.adminUsername && config.adminPassword) creds.admin = { username: config.adminUsername, password: '(LAB_ADMIN_PASSWORD)' };
  if (creds.admin) console.log(`  administrator:  ${creds.admin.username} / ${creds.admin.password}`);
  if (creds.user) console.log(`  ordinary user:  ${creds.user.username} / ${creds.user.password}`);
  if (creds.advisor && creds.advisor.username === config.advisorUsername) {
    console.log(`  class advisor:  ${creds.advisor.username} / ${creds.advisor.password}   (area: /${creds.advisor.username}/pingan)`);
  }
}

const parseOptions = (args: string[]) =>
  parseArgs({
    args,
    options: {
      username: { type: 'string' },
      uid: { type: 'string' },
      'name-zh': { type: 'string' },
      'name-en': { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean' },
      force: { type: 'boolean' },
      to: { type: 'string' },
      'older-than': { type: 'string' },
      ccf: { type: 'string' },
      core: { type: 'string' },
      'ccf-edition': { type: 'string' },
      'core-edition': { type: 'string' },
      'ccf-source': { type: 'string' },
      'core-source': { type: 'string' },
    },
    allowPositionals: true,
  });

/** How many file arguments each command takes. */
const positionalsOf: Record<string, [min: number, max: number]> = { backup: [0, 1], restore: [1, 1], 'reset-2fa': [1, 1], storage: [1, 1], ranks: [1, 1] };
const needs: Record<string, string> = { 'reset-2fa': 'a username', storage: 'move or sweep', ranks: 'update' };

/** A backup taken at the machine, in the activity log (best effort: the backup is written either way). */
async function logBackup(config: ReturnType<typeof loadConfig>, file: string): Promise<void> {
  const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await logActivity({ db, actor: null }, { action: 'backup', resource: 'backup', record: file, detail: ['lab backup'] });
  } catch {
    // an instance older than the activity log has no table for it
  } finally {
    await db.destroy();
  }
}

/** Issue #29, point 2: the bundled rank lists rebuilt from the published ones (server/venue-ranks/README.md). */
function updateRankLists(values: {
  ccf?: string;
  core?: string;
  'ccf-edition'?: string;
  'core-edition'?: string;
  'ccf-source'?: string;
  'core-source'?: string;
}) {
  const dir = path.join(import.meta.dirname, '..', 'server', 'venue-ranks');
  const previous = (name: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  try {
    if (values.ccf) {
      const rows = ccfRowsOf(fs.readFileSync(values.ccf, 'utf8'));
      const { title, source, edition } = previous('ccf.json');
      const head = { system: 'ccf', title: title ?? '', edition: values['ccf-edition'] ?? edition ?? '', source: values['ccf-source'] ?? source ?? '' };
      fs.writeFileSync(path.join(dir, 'ccf.json'), listFile(head, ccfColumns, rows));
      console.log(`CCF ${head.edition}: ${rows.length} venues written to ${path.join(dir, 'ccf.json')}`);
    }
    if (values.core) {
      const rows = coreRowsOf(fs.readFileSync(values.core, 'utf8'));
      const { title, source, edition } = previous('core.json');
      const head = { system: 'core', title: title ?? '', edition: values['core-edition'] ?? edition ?? '', source: values['core-source'] ?? source ?? '' };
      fs.writeFileSync(path.join(dir, 'core.json'), listFile(head, coreColumns, rows));
      console.log(`CORE ${head.edition}: ${rows.length} conferences written to ${path.join(dir, 'core.json')}`);
    }
  } catch (e) {
    fail((e as Error).message);
  }
  console.log('Rebuild (npm run build) and restart the site to use them; server/venue-ranks/README.md names the sources.');
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const loaded = loadConfig();
  // the demo shows the class-advisor area too: a demo teacher is the advisor unless ADVISOR_USERNAME says otherwise
  const config = command === 'demo' || command === 'seed-demo' ? { ...loaded, advisorUsername: loaded.advisorUsername ?? DEMO_ADVISOR } : loaded;
  let values: ReturnType<typeof parseOptions>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parseOptions(rest));
    const [min, max] = positionalsOf[command ?? ''] ?? [0, 0];
    if (positionals.length > max) throw new Error(`Unexpected argument '${positionals[max]}'`);
    if (positionals.length < min) throw new Error(`${command} needs ${needs[command ?? ''] ?? 'a file'}`);
  } catch (e) {
    // an unknown option or a stray argument: say which, then how it is used (never a stack trace)
    console.error(`${(e as Error).message}\n`);
    console.error(usage);
    process.exit(2);
  }

  switch (command) {
    case 'seed-demo': {
      const { seeded } = await seed(config);
      console.log(
        seeded ? `Demo content written to ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.` : 'The database has content already; nothing seeded.',
      );
      printCredentials(config.dataDir, config);
      return;
    }
    case 'demo': {
      const { seeded } = await seed(config);
      const app = await buildApp({ config, logger: false });
      await app.listen({ port: config.port, host: config.host });
      console.log(
        `${seeded ? 'Seeded the demo lab. ' : ''}The site runs at http://${config.host}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}${config.basePath}/`,
      );
      console.log(`Log in at ${config.basePath}/login with:`);
      printCredentials(config.dataDir, config);
      console.log(`API documentation: ${config.basePath}/api/docs   Stop with Ctrl+C.`);
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
      return;
    }
    case 'create-user': {
      const username = values.username ?? fail('--username is required');
      if (!USERNAME_RE.test(username)) fail('the username may hold letters, digits, dots, underscores and hyphens (2–40)');
      const nameZh = values['name-zh'] ?? fail('--name-zh is required');
      const nameEn = values['name-en'] ?? fail('--name-en is required');
      const uid = values.uid ?? fail('--uid is required');
      // without --password, none anyone knows: the member chooses one through the invitation printed below
      const password = values.password ?? unusablePassword();
      if (values.password !== undefined) policy(values.password, { username, names: [nameZh, nameEn] });
      const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        await migrate(db);
        const clash = await db
          .selectFrom('person')
          .select('username')
          .where((eb) => eb.or([eb('username', '=', username), eb('uid', '=', uid)]))
          .executeTakeFirst();
        if (clash) fail('that username or uid exists already');
        const created = await db
          .insertInto('person')
          .values({
            uid,
            username,
            name_zh: nameZh,
            name_en: nameEn,
            type: 'other',
            type_num: 8,
            authority: values.admin ? 'admin' : 'user',
            link: `/people/${username}`,
            password_hash: await hashPassword(password),
            must_change_password: values.password ? 0 : 1,
          })
          .returning('pid')
          .executeTakeFirstOrThrow();
        console.log(`Created ${values.admin ? 'administrator' : 'member'} ${username}.`);
        if (!values.password) {
          const { path: link } = await issueInvitation(db, created.pid, null);
          console.log(`Invitation link for ${username}: ${invitationLink(config, link)}\n${invitationNote}`);
        }
      } finally {
        await db.destroy();
      }
      return;
    }
    case 'reset-password': {
      const username = values.username ?? fail('--username is required');
      const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        await migrate(db);
        const row = await db.selectFrom('person').select(['pid', 'name_zh', 'name_en']).where('username', '=', username).executeTakeFirst();
        if (!row) fail(`no user named ${username}`);
        if (values.password !== undefined) policy(values.password, { username, names: [row.name_zh, row.name_en] });
        if (values.password === undefined) {
          // no password is printed: the member chooses one through an invitation (the current one stops working)
          const { path: link } = await issueInvitation(db, row.pid, null);
          console.log(`The password of ${username} no longer works and their sessions were ended.`);
          console.log(`Invitation link for ${username}: ${invitationLink(config, link)}\n${invitationNote}`);
          return;
        }
        await db
          .updateTable('person')
          .set({ password_hash: await hashPassword(values.password), must_change_password: 0 })
          .where('pid', '=', row.pid)
          .execute();
        await revokeSessionsOf(db, row.pid);
        await forgetTrustedDevices(db, row.pid);
        // done at the machine: no person, no address
        await logActivity({ db, actor: null }, { action: 'password', resource: 'person', record: row.pid, detail: ['lab reset-password'] });
        console.log(`New password of ${username}: (as given). Their sessions were ended.`);
      } finally {
        await db.destroy();
      }
      return;
    }
    case 'reset-2fa': {
      // an administrator locked out of their authenticator (or the last one): done at the machine
      const username = positionals[0] as string;
      const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        await migrate(db);
        const row = await db.selectFrom('person').select('pid').where('username', '=', username).executeTakeFirst();
        if (!row) fail(`no user named ${username}`);
        const had = await removeTwoFactor(db, row.pid);
        await logActivity({ db, actor: null }, { action: 'two_factor_reset', resource: 'person', record: row.pid, detail: ['lab reset-2fa'] });
        console.log(
          had
            ? `Two-factor login of ${username} is reset: they log in with their password and may enrol again.`
            : `${username} had no two-factor login; their trusted devices are forgotten.`,
        );
      } finally {
        await db.destroy();
      }
      return;
    }
    case 'backup': {
      const { takeBackup } = await import('../server/backup/backup.ts');
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      const file = path.resolve(positionals[0] ?? path.join(config.backupDir ?? '.', `lab-backup-${stamp}.tar.gz`));
      const storage = await createStorage(config);
      await storage.init();
      try {
        const s = await takeBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, storage, file);
        console.log(`Backup written to ${s.file}: ${s.rows} records in ${s.tables} tables, ${s.files} files (${megabytes(s.bytes)}), schema ${s.schema}.`);
        await logBackup(config, path.basename(s.file));
        for (const m of s.missing) console.warn(`warning: a record points at files/${m.bucket}/${m.key}, which this instance does not have`);
      } catch (e) {
        fail(`no backup written: ${(e as Error).message}`);
      } finally {
        await storage.close();
      }
      return;
    }
    case 'restore': {
      const { restoreBackup } = await import('../server/backup/restore.ts');
      const { BadArchive, RestoreRefused } = await import('../server/backup/archive.ts');
      const file = path.resolve(positionals[0] as string);
      const storage = await createStorage(config);
      await storage.init();
      try {
        const s = await restoreBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, storage, file, { force: values.force ?? false });
        console.log(
          `Restored ${s.rows} records in ${s.tables} tables and ${s.files} files (${megabytes(s.bytes)}) from a ${s.from === 'postgres' ? 'PostgreSQL' : 'SQLite'} backup into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.`,
        );
      } catch (e) {
        if (e instanceof RestoreRefused || e instanceof BadArchive) fail(`nothing restored: ${e.message}`);
        // anything else (the database unreachable, a full disk): the reason, never a stack trace; the
        // records are as they were (one transaction), and the command can be run again
        console.error(`lab: the restore failed: ${(e as Error).message}`);
        process.exit(1);
      } finally {
        await storage.close();
      }
      return;
    }
    case 'storage': {
      const what = positionals[0];
      if (what === 'sweep') {
        const { sweepOrphans } = await import('../server/storage/orphans.ts');
        const minutes = values['older-than'] === undefined ? 60 : Number(values['older-than']);
        if (!Number.isFinite(minutes) || minutes < 0) fail('--older-than takes a number of minutes (0 or more)');
        if (minutes < 60) console.warn('warning: a file younger than an hour may belong to a write under way: use this with the servers stopped');
        const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
        const storage = await createStorage(config);
        try {
          await migrate(db);
          await storage.init();
          const r = await sweepOrphans(db, storage, { graceMs: minutes * 60_000 });
          for (const o of r.orphans) console.log(`taken out: ${o.bucket}/${o.key} (${o.size} bytes), waits a day in removed/`);
          console.log(`${r.orphans.length} stored files no record points at were taken out of ${storage.where}; ${r.kept} are in use.`);
        } catch (e) {
          console.error(`lab: the sweep failed: ${(e as Error).message}`);
          process.exit(1);
        } finally {
          await storage.close();
          await db.destroy();
        }
        return;
      }
      if (what !== 'move') fail(`storage takes move or sweep, not ${what}`);
      const to = values.to;
      if (to !== 's3' && to !== 'disk') fail('storage move needs --to s3 or --to disk');
      if (!config.s3) fail('S3_BUCKET is not set: name the bucket (and S3_ENDPOINT, S3_REGION, the keys) in the environment, as for the server');
      const { DiskStorage } = await import('../server/storage/storage.ts');
      const { S3Storage } = await import('../server/storage/s3.ts');
      const { moveFiles } = await import('../server/storage/move.ts');
      const disk = new DiskStorage(config.dataDir);
      const bucket = new S3Storage(config.dataDir, config.s3);
      const [from, into] = to === 's3' ? [disk, bucket] : [bucket, disk];
      try {
        await from.init();
        await into.init();
        // the disk side's temporary folder is this process's own: any other instance, here or on the bucket, is another process
        if ((await bucket.otherInstances()) > 1) fail(`a server or another lab command is running on ${config.dataDir} or ${bucket.where}: stop it first`);
        const s = await moveFiles(from, into, (line) => console.log(`copied ${line}`));
        console.log(
          `${s.objects} objects in ${into.where}, each checked by size and SHA-256: ${s.copied} copied now (${megabytes(s.bytes)}), ${s.alreadyThere} were there already.`,
        );
        console.log(
          to === 's3'
            ? `Start the server with the S3_* variables set. ${from.where} is left as it was: delete it once the site serves its files from the bucket.`
            : `Start the server without S3_BUCKET. The bucket is left as it was: empty it once the site serves its files from ${into.where}.`,
        );
      } catch (e) {
        console.error(`lab: the move stopped: ${(e as Error).message} (run it again: what was copied and checked is kept)`);
        process.exit(1);
      } finally {
        await from.close();
        await into.close();
      }
      return;
    }
    case 'ranks': {
      if (positionals[0] !== 'update') fail('ranks takes update');
      if (!values.ccf && !values.core) fail('ranks update needs --ccf FILE, --core FILE or both');
      updateRankLists(values);
      return;
    }
    default:
      console.log(usage);
      if (command && command !== 'help' && command !== '--help') process.exit(2);
  }
}

await main();
