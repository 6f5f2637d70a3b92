import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  parsed: ParsedMail;
}

export interface CaptureSmtpOptions {
  /** A fixed port (to bring a stopped server back where the app expects it); 0 = the OS's choice. */
  port?: number;
  /** When set, every message is refused with this SMTP answer, e.g. "550 mailbox unavailable". */
  refuseWith?: () => string | null;
  /** Held before the greeting, so a client can be caught mid-conversation. */
  greetingDelayMs?: () => number;
}

/** A real SMTP server on a loopback port, keeping every message it receives. */
export async function startCaptureSmtp(options: CaptureSmtpOptions = {}): Promise<{
  url: string;
  port: number;
  messages: CapturedMail[];
  waitFor: (count: number) => Promise<CapturedMail[]>;
  stop: () => Promise<void>;
}> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A stopping server tells the app's idle pooled connections "421 shutting down" at once instead of
    // waiting (30 s by default) for them to leave: a test that takes the server down must not wait on it.
    closeTimeout: 100,
    onConnect(_session, callback) {
      const delay = options.greetingDelayMs?.() ?? 0;
      if (delay > 0) setTimeout(() => callback(), delay);
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const refusal = options.refuseWith?.();
          if (refusal) {
            const error = new Error(refusal) as Error & { responseCode: number };
            error.responseCode = Number(refusal.slice(0, 3));
            callback(error);
            return;
          }
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    async waitFor(count) {
      for (let i = 0; i < 100 && messages.length < count; i++)
        await new Promise((r) => setTimeout(r, 50));
      return messages;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
