import { createRequire } from 'node:module';

const swc = createRequire(import.meta.url)('@swc/core');

export const { version, parseSync } = swc;
export const parseFileSync = (file, options) =>
  swc.parseFileSync(file, { ...options, tsx: file.endsWith('.tsx') });
export default { ...swc, parseFileSync };
