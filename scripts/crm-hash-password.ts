// `npm run crm:hash-password`: prints an argon2id hash of the staff password for CRM_PASSWORD_HASH.
// Reads the password from standard input (never from the command line, which shells keep in history).
import { hash } from "@node-rs/argon2";
import { createInterface } from "node:readline/promises";

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString("utf8")
      .replace(/\r?\n$/, "");
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Hide what is typed: overwrite echoed characters.
  const writeOutput = rl as unknown as { _writeToOutput?: (s: string) => void };
  const password = rl.question("Staff password: ");
  writeOutput._writeToOutput = () => {};
  const answer = await password;
  rl.close();
  process.stderr.write("\n");
  return answer;
}

const password = await readPassword();
if (password.length < 12) {
  console.error("Use at least 12 characters for the shared staff password.");
  process.exit(1);
}
const passwordHash = await hash(password);
console.log(passwordHash);
// .env files expand $NAME, so each $ of the hash must be escaped there (not in a real environment variable).
console.error(`\nIn a .env file write:  CRM_PASSWORD_HASH=${passwordHash.replaceAll("$", "\\$")}`);
