import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/platform/schema.ts',
    './src/platform/events/schema.ts',
    './src/platform/jobs/schema.ts',
    './src/modules/*/schema.ts',
  ],
  out: './drizzle',
});
