import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createDatabase, migrate } from '../../server/db/database.ts';
import { createStorage } from '../../server/storage/storage.ts';
import type { Config } from '../command.ts';
import { DEMO_ADVISOR_PASSWORD } from './advisor-seed.ts';
import { DEMO_USER_PASSWORD, hasContent, seedDemo } from './seed.ts';

// The demo on an instance, for `lab demo` and `lab seed-demo`: its configuration, its seeding into an empty
// database, and the accounts it prints.

/** The demo teacher who is also the class advisor (cli/demo/content.ts). */
const DEMO_ADVISOR = 'linyunshu';

/** The demo shows the class-advisor area too: a demo teacher is the advisor unless ADVISOR_USERNAME says otherwise. */
export const demoConfig = (loaded: Config): Config => ({ ...loaded, advisorUsername: loaded.advisorUsername ?? DEMO_ADVISOR });

const credentialsFile = (dataDir: string) => path.join(dataDir, 'demo-credentials.json');

export async function seed(config: Config) {
  const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const storage = await createStorage(config);
  try {
    await migrate(db);
    await storage.init();
    if (await hasContent(db)) return { seeded: false };
    const password = randomBytes(9).toString('base64url');
    const { ensureAdmin } = await import('../../server/services/bootstrap.ts');
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

export function printCredentials(dataDir: string, config: Config) {
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
