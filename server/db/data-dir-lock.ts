import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(lockPath: string, pid: number) {
    super(
      `The embedded database folder is in use by another process (pid ${pid}). ` +
        `Two processes writing to one PGlite folder would corrupt it: stop the other one, or set DATABASE_URL to share a PostgreSQL server. ` +
        `If no such process is running, delete ${lockPath}.`,
    );
    this.name = "DataDirLockedError";
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite keeps no lock on its folder, so the server takes one: a lock file
 * holding its pid, created exclusively. A lock left by a dead process (after
 * kill -9) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = path.join(path.dirname(path.resolve(dir)), `${path.basename(dir)}.lock`);
  mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => unlinkSync(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(lockPath, holder);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
