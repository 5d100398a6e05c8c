// Who sent a reply, and whether it is a person's answer at all (docs/decisions/0030-answers-by-email.md, "trust").
import type { ParsedMail } from 'mailparser';

/** An address as we compare it: trimmed, without angle brackets or `mailto:`, lower-cased (Unicode-normalised). */
export function normaliseAddress(address: string): string {
  return address
    .trim()
    .replace(/^<|>$/g, '')
    .replace(/^mailto:/i, '')
    .normalize('NFC')
    .toLowerCase();
}

/** The one address in From, normalised; null when there is none or more than one. */
export function soleSender(mail: ParsedMail): string | null {
  const addresses = (mail.from?.value ?? []).flatMap((a) => (a.address ? [a.address] : []));
  return addresses.length === 1 ? normaliseAddress(addresses[0]!) : null;
}

/** The first value of a header as its raw line, without the name (the topmost one, added last on the way). */
function topHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name)?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/**
 * An out-of-office reply, a list's or a bulk mailer's message, or a bounce (RFC 3834): never an answer, and never
 * replied to (that is how mail loops start). `envelopeFrom` is SMTP's MAIL FROM, '' for a bounce, when known.
 */
export function isAutomatic(mail: ParsedMail, envelopeFrom: string | undefined): boolean {
  if (envelopeFrom === '') return true;
  const returnPath = topHeader(mail, 'return-path');
  if (returnPath !== undefined && /^<\s*>$/.test(returnPath)) return true;
  const autoSubmitted = topHeader(mail, 'auto-submitted');
  if (autoSubmitted && !/^no\b/i.test(autoSubmitted)) return true;
  if (topHeader(mail, 'x-autoreply') !== undefined || topHeader(mail, 'x-autorespond') !== undefined) return true;
  const precedence = topHeader(mail, 'precedence');
  return precedence !== undefined && /^(bulk|junk|list|auto_reply)\b/i.test(precedence);
}

/**
 * The topmost Authentication-Results says DMARC failed. Verdicts only ever refuse: a sender can write this header
 * too, but a forged "pass" is never a reason to accept, and a forged "fail" only hurts its forger.
 */
export function dmarcFailed(mail: ParsedMail): boolean {
  const verdict = topHeader(mail, 'authentication-results');
  return verdict !== undefined && /\bdmarc\s*=\s*fail\b/i.test(verdict);
}
