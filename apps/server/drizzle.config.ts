// `npx drizzle-kit generate` (from apps/server) writes SQL migrations from src/store/schema.ts and rooms-schema.ts.
// The migrations are checked in and applied at start by drizzle-orm's migrator (pg and PGlite).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/store/schema.ts',
    './src/store/rooms-schema.ts',
    './src/store/tournaments-schema.ts',
    './src/store/players-schema.ts',
    './src/store/bandit-schema.ts',
    './src/store/admin-schema.ts',
    './src/store/economy-schema.ts',
  ],
  out: './drizzle',
});
