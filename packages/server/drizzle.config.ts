import { defineConfig } from 'drizzle-kit';

// drizzle-kit only diffs the schema files into SQL; it never connects (it cannot reach PGlite).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/db/billing-schema.ts', './src/db/workspace-schema.ts', './src/db/client-reports-schema.ts', './src/db/crawl-schema.ts'],
  out: './drizzle',
});
