import { defineConfig } from 'drizzle-kit';

// drizzle-kit only diffs the schema files into SQL; it never connects (it cannot reach PGlite).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/features/billing/schema.ts', './src/features/workspaces/schema.ts', './src/features/client-reports/schema.ts', './src/features/audits/crawl/schema.ts', './src/features/citations/schema.ts'],
  out: './drizzle',
});
