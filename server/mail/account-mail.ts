import { languageOf } from "../i18n/localized.ts";
import type { Logger } from "../logger.ts";
import { composeMail, type MailFacts } from "./compose.ts";
import type { MailKind } from "./messages.ts";
import type { Mailer } from "./transport.ts";

interface Recipient {
  email: string;
  name: string;
}

/**
 * The account mails better-auth asks for, in the language of the request that caused them
 * (its Accept-Language). Mails are sent without waiting: an answer must not take longer when a
 * mail goes out (that would tell whether an address has an account), nor fail with the relay.
 */
export function createAccountMail(mailer: Mailer, logger: Logger) {
  const send = async (
    kind: MailKind,
    request: Request | undefined,
    facts: Omit<MailFacts, "name"> & { name?: string },
  ) => {
    const language = languageOf(request?.headers.get("accept-language"));
    await mailer.send(composeMail(kind, language, { name: facts.to, ...facts }));
  };
  const background = (...args: Parameters<typeof send>) => {
    send(...args).catch((error: unknown) =>
      logger.error({ err: error, kind: args[0] }, "mail not sent"),
    );
  };
  return {
    verifyEmail(user: Recipient, url: string, hours: number, request?: Request) {
      background("verifyEmail", request, {
        to: user.email,
        name: user.name,
        email: user.email,
        url,
        hours,
      });
    },
    changeEmailVerify(
      user: Recipient,
      newEmail: string,
      url: string,
      hours: number,
      request?: Request,
    ) {
      background("changeEmailVerify", request, {
        to: newEmail,
        name: user.name,
        email: newEmail,
        url,
        hours,
      });
    },
    changeEmailNotice(user: Recipient, newEmail: string, request?: Request) {
      background("changeEmailNotice", request, {
        to: user.email,
        name: user.name,
        email: user.email,
        newEmail,
      });
    },
    resetPassword(user: Recipient, url: string, hours: number, request?: Request) {
      background("resetPassword", request, {
        to: user.email,
        name: user.name,
        email: user.email,
        url,
        hours,
      });
    },
    signUpExisting(user: Recipient, url: string, request?: Request) {
      background("signUpExisting", request, {
        to: user.email,
        name: user.name,
        email: user.email,
        url,
      });
    },
    accountDeleted(user: Recipient, request?: Request) {
      background("accountDeleted", request, { to: user.email, name: user.name, email: user.email });
    },
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
