import { ensureDebianPackages } from "../support/system-packages.ts";

/** The production suite needs the PostgreSQL server, Redis and nginx; .ci/run starts the services. */
export default async function setup() {
  ensureDebianPackages({ nginx: "nginx-light", openssl: "openssl" });
  for (const variable of ["PRODUCTION_DATABASE_URL", "PRODUCTION_REDIS_URL"]) {
    if (!process.env[variable]) throw new Error(`${variable} must be set for the production suite (see .ci/run)`);
  }
}
