import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, root } from './server.ts';

// The server build holds only what server rendering needs (docs/decisions/011-lean-process.md):
// the console's and the advisor area's screens are `.client` modules, so MUI, emotion, the charts, the
// date pickers, dnd-kit and the cropper never load into the server process. What the server's own bundle
// loads at start (no campus login, bucket, mail, image or report library) is checked in server-bundle.test.ts.

const serverDir = path.join(root, 'build', 'server');
const browserOnly = ['@mui/', '@emotion/', '@dnd-kit/', 'react-easy-crop', 'notistack', '@tanstack/react-query', 'dayjs'];

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.[cm]?js$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the server build', () => {
  beforeAll(() => ensureBuild(), 240_000);

  it('names none of the browser-only packages', () => {
    const files = filesUnder(serverDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const code = fs.readFileSync(file, 'utf8');
      for (const name of [...browserOnly, 'MuiButton', 'x-charts']) expect(code.includes(name), `${path.relative(root, file)} mentions ${name}`).toBe(false);
    }
  });

  it('loads none of them when imported, and still exports the console and advisor routes', () => {
    // every module the import resolves, recorded by a resolve hook in a fresh Node process
    const probe = `
      import { registerHooks } from 'node:module';
      const seen = [];
      registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });
      const build = await import(${JSON.stringify(path.join(serverDir, 'index.js'))});
      const routes = Object.keys(build.routes).filter((id) => /console|advisor/.test(id));
      console.log(JSON.stringify({ seen, routes }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    expect(run.status, run.stderr).toBe(0);
    const { seen, routes } = JSON.parse(run.stdout) as { seen: string[]; routes: string[] };
    expect(seen.some((u) => u.includes('/node_modules/react-dom/'))).toBe(true);
    for (const name of browserOnly) expect(seen.filter((u) => u.includes(`/node_modules/${name}`))).toEqual([]);
    expect(routes).toContain('routes/console/layout');
    expect(routes).toContain('routes/console/people');
    expect(routes).toContain('routes/advisor/layout');
  });
});
