import { createStore, type Store } from '../store/db.js';
import { createTestDatabase } from './database.js';

/** A migrated, empty store for a test file: PGlite in memory, or a fresh PostgreSQL database. */
export async function createTestStore(): Promise<Store> {
  const database = await createTestDatabase();
  const store = await createStore({ databaseUrl: database.url, poolSize: 40 });
  return {
    ...store,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
}
