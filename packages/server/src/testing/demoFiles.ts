import fs from 'node:fs';

/**
 * Whether a test file takes the demo tenants (`createHarness({ demo: true })`): the sequencer in
 * vitest.config.ts runs such files last in their project, and the global setup writes the demo
 * template (testing/templates.ts) only for a run that has one.
 */
export function takesDemo(file: string): boolean {
  if (!/\.test\.tsx?$/.test(file) || !fs.existsSync(file)) return false;
  return /createHarness\(\s*\{[^}]*\bdemo:\s*true/.test(fs.readFileSync(file, 'utf8'));
}
