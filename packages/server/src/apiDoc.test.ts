import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiIndex } from './apiDoc.ts';
import { allRoutes } from './modules/index.ts';

describe('docs/api.md', () => {
  it('matches the route declarations (run npm run docs:api after changing routes)', () => {
    const file = path.resolve(import.meta.dirname, '../../../docs/api.md');
    expect(fs.readFileSync(file, 'utf8')).toBe(apiIndex(allRoutes));
  });
});
