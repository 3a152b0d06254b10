import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.resolve(import.meta.dirname, 'modules');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('tenancy is enforced in one place', () => {
  it('module code reaches the database only through the tenant transaction it is handed', () => {
    const offenders: string[] = [];
    for (const file of sources(MODULES)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const pattern of [
        /\.db\b/,
        /withSystem/,
        /withTenant/,
        /systemQuery/,
        /openDatabase/,
        /enterTenant/,
        /from 'pg'/,
      ]) {
        if (pattern.test(text)) offenders.push(`${path.relative(MODULES, file)}: ${pattern}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
