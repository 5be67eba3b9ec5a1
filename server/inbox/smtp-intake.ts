import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { reservedHandleReason } from "../../contract/api/inboxes.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { countMail } from "../metrics/hooks.ts";
import { findInbox } from "../storage/inboxes.ts";
import { saveInboxFile } from "./files.ts";
import { receiveInboxMessage } from "./intake.ts";

/** Files kept per message; more are dropped. */
const MAX_ATTACHMENTS = 20;

export interface SmtpIntakeOptions {
  host: string;
  port: number;
  /** Mail is accepted for `<handle>@<domain>` only. */
  domain: string;
  /** Larger messages are refused (advertised with SIZE, enforced while reading). */
  maxBytes: number;
  /** Where attachments are kept (DATA_DIR), and the URL prefix they are served at. */
  dataDir: string;
  filesUrl: string;
}

export interface SmtpIntake {
  port: number;
  close(): Promise<void>;
}

/**
 * E-mail intake: an SMTP listener that takes mail for inbox addresses. Mail for another domain is
 * refused at RCPT time (550: we relay nothing); every local part of ours is accepted alike and
 * mail for a handle nobody holds is dropped after DATA, so the conversation tells no one which
 * inboxes exist. Oversized messages are refused at the end of DATA (552); each accepted message
 * becomes an entry of every inbox it was addressed to (subject, sanitized HTML body, sender).
 * No AUTH: this is the receiving end, like an MX.
 */
export async function startSmtpIntake(
  database: DatabaseHandle,
  logger: Logger,
  options: SmtpIntakeOptions,
): Promise<SmtpIntake> {
  const domain = options.domain.toLowerCase();
  const handleOf = (address: string): string | null => {
    const at = address.lastIndexOf("@");
    if (at < 1) return null;
    if (address.slice(at + 1).toLowerCase() !== domain) return null;
    return address.slice(0, at).toLowerCase();
  };

  const server = new SMTPServer({
    name: domain,
    banner: "Follow inbox intake",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: options.maxBytes,
    maxClients: 64,
    socketTimeout: 60_000,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (handleOf(address.address) === null) {
        const error = Object.assign(new Error(`No inbox at ${address.address}`), {
          responseCode: 550,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream, { skipTextToHtml: false })
        .then(async (mail) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            countMail("too_large");
            const error = Object.assign(new Error("Message too large"), { responseCode: 552 });
            callback(error);
            return;
          }
          const handles = await heldHandles(
            database,
            session.envelope.rcptTo.map((r) => handleOf(r.address)),
          );
          // Mail only for handles nobody holds is taken and dropped, like mail for one that is.
          if (handles.length === 0) {
            countMail("dropped");
            callback();
            return;
          }
          // Attached files (not the images the HTML shows inline) are kept and linked.
          const attachments = [];
          for (const file of mail.attachments.filter((a) => !a.related).slice(0, MAX_ATTACHMENTS)) {
            const name = await saveInboxFile(options.dataDir, file.content, file.contentType);
            attachments.push({
              url: `${options.filesUrl}/${name}`,
              mimeType: file.contentType,
              sizeInBytes: file.size,
              ...(file.filename ? { title: file.filename } : {}),
            });
          }
          for (const handle of handles) {
            await receiveInboxMessage(database, handle, {
              guid: mail.messageId ? `${mail.messageId}` : null,
              title: mail.subject ?? null,
              html: typeof mail.html === "string" ? mail.html : null,
              text: mail.text ?? null,
              author: mail.from?.value[0]?.name || mail.from?.value[0]?.address || null,
              publishedAt: mail.date ?? null,
              attachments,
            });
          }
          countMail("stored");
          callback();
        })
        .catch((error: unknown) => {
          countMail("failed");
          logger.warn({ err: error }, "inbox mail could not be stored");
          callback(Object.assign(new Error("Message could not be stored"), { responseCode: 451 }));
        });
    },
  });
  server.on("error", (error) => logger.warn({ err: error }, "smtp intake error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  logger.info({ port, domain }, "inbox e-mail intake listening");
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The distinct handles among `candidates` that an inbox holds. A reserved name (postmaster,
 * admin...) taken before such names were refused gets no mail: whoever held it would read the
 * operator's mail, certificate approvals included.
 */
async function heldHandles(
  database: DatabaseHandle,
  candidates: readonly (string | null)[],
): Promise<string[]> {
  const held: string[] = [];
  for (const handle of new Set(candidates)) {
    if (handle === null || reservedHandleReason(handle)) continue;
    if (await findInbox(database, handle)) held.push(handle);
  }
  return held;
}
