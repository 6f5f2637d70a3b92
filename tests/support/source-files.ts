import { readdirSync } from "node:fs";
import path from "node:path";

/** The repository's root folder. */
export const REPO_ROOT = path.join(import.meta.dirname, "../..");

/** Every TypeScript source file (.ts, .tsx) under `directory`, at any depth, as absolute paths. */
export function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
