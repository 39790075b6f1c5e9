import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Throwaway certificates for 127.0.0.1, made by openssl in a folder of their own: one self-signed, and one
// signed by a throwaway authority (as a campus server's is by the university's), which Node.js trusts neither.

export type TestCertificates = {
  dir: string;
  /** A certificate signed by itself, and its key (PEM files). */
  self: { cert: string; key: string };
  /** A certificate signed by `ca`, and its key. */
  leaf: { cert: string; key: string };
  /** The authority that signed `leaf` (a PEM file). */
  ca: string;
  remove: () => void;
};

function openssl(dir: string, args: string[]): void {
  const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl ${args[0]} failed: ${r.stderr}`);
}

export function throwawayCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-tls-'));
  const name = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'self.key', '-out', 'self.pem', '-days', '2', ...name]);
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Throwaway Campus CA']);
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', ...name]);
  fs.writeFileSync(path.join(dir, 'leaf.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'leaf.pem',
    '-days',
    '2',
    '-extfile',
    'leaf.ext',
  ]);
  const at = (f: string) => path.join(dir, f);
  return {
    dir,
    self: { cert: at('self.pem'), key: at('self.key') },
    leaf: { cert: at('leaf.pem'), key: at('leaf.key') },
    ca: at('ca.pem'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
