import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on a loopback port that accepts every message and keeps none: the mail server a
 * bench's app instances deliver to, so their e-mail jobs finish as in production instead of failing and
 * waiting to be retried. It counts what it accepted.
 */
export async function startSmtpSink(): Promise<{
  url: string;
  accepted: () => number;
  stop: () => Promise<void>;
}> {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        accepted++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
