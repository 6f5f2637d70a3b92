import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  parsed: ParsedMail;
}

/** A real SMTP server on a loopback port of the OS's choosing, keeping every message it receives. */
export async function startCaptureSmtp(): Promise<{
  url: string;
  messages: CapturedMail[];
  waitFor: (count: number) => Promise<CapturedMail[]>;
  stop: () => Promise<void>;
}> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count) {
      for (let i = 0; i < 100 && messages.length < count; i++)
        await new Promise((r) => setTimeout(r, 50));
      return messages;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
