import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'ldapts';

// A real OpenLDAP server for the tests: Debian's slapd (installed by .ci/run when missing),
// started on a free loopback port with a throwaway configuration and database in a temporary folder, and a
// small directory: ou=people with the given users (inetOrgPerson: uid, cn, mail, employeeNumber,
// userPassword), and a service account that may search. Stopped, and its folder removed, by `close`.

export const SLAPD = ['/usr/sbin/slapd', '/usr/local/sbin/slapd'].find((p) => fs.existsSync(p));
export const BASE = 'dc=lab,dc=test';
export const PEOPLE = `ou=people,${BASE}`;
export const SERVICE = { dn: `cn=reader,${BASE}`, password: 'reader-secret' };
const ROOT = { dn: `cn=admin,${BASE}`, password: 'root-secret' };

export type LdapUser = { uid: string; password: string; cn: string; mail?: string; employeeNumber?: string };
export type TestLdap = { url: string; close: () => Promise<void> };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function slapd(users: LdapUser[]): Promise<TestLdap> {
  if (!SLAPD) throw new Error('slapd is not installed (apt-get install slapd ldap-utils; .ci/run does it)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const schema = '/etc/ldap/schema';
  fs.writeFileSync(
    path.join(dir, 'slapd.conf'),
    `include ${schema}/core.schema
include ${schema}/cosine.schema
include ${schema}/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${dir}/slapd.pid
database mdb
maxsize 10485760
suffix "${BASE}"
rootdn "${ROOT.dn}"
rootpw ${ROOT.password}
directory ${dir}/db
access to attrs=userPassword by self read by anonymous auth by * none
access to * by dn.exact="${SERVICE.dn}" read by self read by * none
`,
  );
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d keeps it in the foreground (a child of the tests, ended with them); 0: no debug output
  const child: ChildProcess = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const admin = new Client({ url, timeout: 5_000, connectTimeout: 2_000 });
    for (let i = 0; ; i++) {
      try {
        await admin.bind(ROOT.dn, ROOT.password);
        break;
      } catch (e) {
        if (child.exitCode !== null || i > 100) throw new Error(`slapd did not start: ${stderr || (e as Error).message}`);
        await sleep(100);
      }
    }
    await admin.add(BASE, { objectClass: ['dcObject', 'organization'], dc: 'lab', o: 'Lab test' });
    await admin.add(PEOPLE, { objectClass: 'organizationalUnit', ou: 'people' });
    await admin.add(SERVICE.dn, { objectClass: ['organizationalRole', 'simpleSecurityObject'], cn: 'reader', userPassword: SERVICE.password });
    for (const u of users) {
      await admin.add(`uid=${u.uid},${PEOPLE}`, {
        objectClass: 'inetOrgPerson',
        uid: u.uid,
        cn: u.cn,
        sn: u.cn,
        userPassword: u.password,
        ...(u.mail ? { mail: u.mail } : {}),
        ...(u.employeeNumber ? { employeeNumber: u.employeeNumber } : {}),
      });
    }
    await admin.unbind();
  } catch (e) {
    await close();
    throw e;
  }
  return { url, close };
}
