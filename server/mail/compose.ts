import type { SupportedLanguage } from "../../contract/constants.ts";
import { MAIL_WORDS, type MailKind } from "./messages.ts";
import type { MailMessage } from "./transport.ts";

export interface MailFacts {
  to: string;
  /** Shown as {name}; the recipient's display name. */
  name: string;
  /** Shown as {email}. */
  email: string;
  newEmail?: string;
  /** The mail's one link, when it has one. */
  url?: string;
  /** How long the link lives, shown as {hours}. */
  hours?: number;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function fill(template: string, facts: MailFacts): string {
  const values: Record<string, string> = {
    name: facts.name,
    email: facts.email,
    newEmail: facts.newEmail ?? "",
    hours: String(facts.hours ?? 1),
  };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * One mail in the recipient's language: a plain-text part that reads well on its own (the link
 * on its own line) and an HTML part with the same words, every fact escaped (a name is user
 * input).
 */
export function composeMail(
  kind: MailKind,
  language: SupportedLanguage,
  facts: MailFacts,
): MailMessage {
  const words = MAIL_WORDS[language][kind];
  const subject = fill(words.subject, facts);
  const greeting = fill(words.greeting, facts);
  const body = fill(words.body, facts);
  const footer = fill(words.footer, facts);
  const link = words.action && facts.url ? { label: words.action, url: facts.url } : undefined;
  const text = [
    greeting,
    "",
    body,
    ...(link ? ["", `${link.label}:`, link.url] : []),
    "",
    footer,
    "",
    "— Follow",
    "",
  ].join("\n");
  const paragraph = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#18181b;max-width:560px;margin:24px auto;padding:0 16px;line-height:1.5">`,
    paragraph(greeting),
    paragraph(body),
    link
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#ff5c00;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all">${escapeHtml(link.url)}</p>`
      : "",
    `<p style="margin:0 0 16px;font-size:13px;color:#52525b">${escapeHtml(footer)}</p>`,
    '<p style="margin:0;font-size:13px;color:#52525b">— Follow</p></body></html>',
  ].join("");
  return { to: facts.to, subject, text, html };
}
