import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A tree with one breach of each rule, checked with the project's own rule set. */
const BREACHES: Record<string, string> = {
  'packages/server/src/platform/guard.ts':
    "import { face } from '../modules/a/index.ts';\nexport const g = face;\n",
  'packages/server/src/modules/a/index.ts': "export { inner as face } from './inner.ts';\n",
  'packages/server/src/modules/a/inner.ts': 'export const inner = 1;\n',
  'packages/server/src/modules/b/index.ts':
    "import { inner } from '../a/inner.ts';\nexport const b = inner;\n",
  'packages/server/src/demo/seed.ts':
    "import { inner } from '../modules/a/inner.ts';\nexport const s = inner;\n",
  'packages/server/src/modules/c/index.ts': "import { d } from '../d/index.ts';\nexport const c = d;\n",
  'packages/server/src/modules/d/index.ts': "import { c } from '../c/index.ts';\nexport const d = () => c;\n",
  'packages/shared/src/x.ts':
    "import { b } from '../../server/src/modules/b/index.ts';\nexport const x = b;\n",
  'packages/web/src/platform/p.tsx':
    "import { Page } from '../shell/Page.tsx';\nexport const P = () => <Page />;\n",
  'packages/web/src/shell/Page.tsx': 'export const Page = () => <div />;\n',
  'packages/web/src/modules/e/index.ts': "export const pages = { e: () => import('./E.tsx') };\n",
  'packages/web/src/modules/e/E.tsx': "import { F } from '../f/F.tsx';\nexport default () => <F />;\n",
  'packages/web/src/modules/f/F.tsx': 'export const F = () => <span />;\n',
  'packages/web/src/modules/f/index.ts':
    "export { face } from '../../../../server/src/modules/a/index.ts';\n",
};

describe('dependency rules (.dependency-cruiser.cjs, run by npm test)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deps-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('name every breach of the module faces, the platform and the circles', () => {
    for (const [file, text] of Object.entries(BREACHES)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, jsx: 'react-jsx' } }),
    );
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        path.join(ROOT, 'scripts/depcruise/register.mjs'),
        path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        '--config',
        path.join(ROOT, '.dependency-cruiser.cjs'),
        '--output-type',
        'err',
        'packages',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(run.status).not.toBe(0);
    const found = new Set(
      [...run.stdout.matchAll(/error ([\w-]+): (\S+)/g)].map(([, rule, from]) => `${rule} ${from}`),
    );
    expect([...found].sort()).toEqual(
      [
        'no-circular packages/server/src/modules/c/index.ts',
        'sides-apart packages/web/src/modules/f/index.ts',
        'server-module-through-faces packages/server/src/modules/b/index.ts',
        'server-outside-through-faces packages/server/src/demo/seed.ts',
        'server-platform-imports-no-module packages/server/src/platform/guard.ts',
        'shared-stands-alone packages/shared/src/x.ts',
        'web-module-through-faces packages/web/src/modules/e/E.tsx',
        'web-platform-imports-no-module-or-shell packages/web/src/platform/p.tsx',
      ].sort(),
    );
  });
});
