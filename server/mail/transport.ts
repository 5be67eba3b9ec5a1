import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "../logger.ts";

/** One outgoing message: always a plain-text part, HTML alongside it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL of the relay; without one, messages become .eml files. */
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}

/**
 * Sends through SMTP when configured. Otherwise each message is written to
 * `DATA_DIR/mail/<time>-<random>.eml` and its path logged, so a one-machine install can still
 * finish every flow that needs a mail (the operator opens the file).
 */
export function createMailer({ smtpUrl, from, dataDir, logger }: MailerOptions): Mailer {
  // nodemailer (~0.7 MB of source kept in memory once loaded) is loaded by the first message.
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true }),
    ));
  const close = () => {
    transport?.then(
      (opened) => opened.close(),
      () => {},
    );
  };
  if (smtpUrl) {
    return {
      async send(message) {
        const info = await (await transporter()).sendMail({ from, ...message });
        logger.info({ to: message.to, messageId: info.messageId }, "mail sent");
      },
      close,
    };
  }
  const directory = join(dataDir, "mail");
  return {
    async send(message) {
      const info = await (await transporter()).sendMail({ from, ...message });
      await mkdir(directory, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      const path = join(directory, name);
      await writeFile(path, info.message as Buffer, { mode: 0o600 });
      logger.info({ to: message.to, path }, "mail written (no SMTP_URL)");
    },
    close,
  };
}
