import { defineConfig } from "drizzle-kit";

// `npm run db:generate` needs only the schema; `npm run db:studio` opens the database the server would
// (DATABASE_URL, else the embedded one, which takes one process at a time: stop the server first).
const url = process.env.DATABASE_URL;

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./drizzle",
  ...(url ? { dbCredentials: { url } } : { driver: "pglite", dbCredentials: { url: process.env.PGLITE_DIR ?? ".data/pglite" } }),
});
