import { ESLint } from "eslint";
import * as prettier from "prettier";

const root = process.cwd();
let eslint: ESLint | undefined;

/**
 * Lints source text as if it lived at `filePath` in the repository, with the project's own
 * eslint.config.mjs — the same rules `npm run lint` applies. Returns the rule ids that fired.
 */
export async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/** Whether Prettier, with the project's configuration, accepts `code` as formatted at `filePath`. */
export async function isFormatted(filePath: string, code: string): Promise<boolean> {
  const options = await prettier.resolveConfig(`${root}/${filePath}`);
  return prettier.check(code, { ...options, filepath: `${root}/${filePath}` });
}

export const BOUNDARY_RULE = "import/no-restricted-paths";
export const CLIENT_RULE = "house/no-server-code-in-client";
