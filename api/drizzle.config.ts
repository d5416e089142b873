import { defineConfig } from 'drizzle-kit';

// Generation only: migrations are applied from code (src/db/database.ts) on PGlite and PostgreSQL alike,
// because drizzle-kit's own migrate cannot load pg_trgm into PGlite.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
