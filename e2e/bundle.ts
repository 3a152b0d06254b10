import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The built web app (`npm start` and the browser tests build it when stale). */
export const WEB_DIST = path.resolve(import.meta.dirname, '..', 'packages/web/dist');
/** The JavaScript a browser may load to show /login, gzip (issue 18). */
export const LOGIN_BUDGET_KB = 300;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** A built file's size gzip. */
export const gzipped = (file: string) => gzipSync(fs.readFileSync(path.join(WEB_DIST, file))).length;

/** The build's manifest (vite's, with the entry and every chunk). */
export const readManifest = (): Record<string, ManifestChunk> =>
  JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8'));

/** Files a chunk needs before it runs: itself, its static imports (recursively) and their CSS. */
export function closure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const c = manifest[key];
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return files;
}

/** What showing /login costs: the entry and the login page with everything they import, gzip. */
export function loginBundle(manifest = readManifest()): {
  jsBytes: number;
  cssBytes: number;
  files: string[];
} {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const login = Object.keys(manifest).find((k) => k.endsWith('shell/Login.tsx'));
  if (!entry || !login) throw new Error('manifest lacks the entry or the login page');
  const files = [...closure(manifest, [entry, login])];
  const sum = (ext: string) => files.filter((f) => f.endsWith(ext)).reduce((s, f) => s + gzipped(f), 0);
  return { jsBytes: sum('.js'), cssBytes: sum('.css'), files };
}
