import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail as received by the in-process SMTP server. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the plain-text part. */
  links: string[];
  parsed: ParsedMail;
}

export interface MailReceiver {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next mail to `address` not yet taken (waits for it to arrive). */
  next(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** How many mails to `address` arrived so far. */
  count(address: string): number;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (smtp-server) that parses what it receives (mailparser). */
export async function startMailReceiver(): Promise<MailReceiver> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? "";
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text,
            html: typeof parsed.html === "string" ? parsed.html : "",
            links: text.match(/https?:\/\/\S+/g) ?? [],
            parsed,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const find = (address: string) =>
    received.find((mail) => !taken.has(mail) && mail.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    count: (address) => received.filter((m) => m.to.includes(address.toLowerCase())).length,
    next(address, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(address);
          if (!mail) return false;
          taken.add(mail);
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
