import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer } from '../../server/src/ports/mailer';

/**
 * What every Mailer shares: a message arrives whole (sender, recipient, subject, plain text and HTML, UTF-8
 * intact) where its adapter delivers it; `delivered` reads it back from there.
 */
export function runMailerContract(
  adapterName: string,
  make: () => Promise<{ mailer: Mailer; delivered: () => Promise<ParsedMail[]>; cleanup: () => Promise<void> }>,
): void {
  describe(`Mailer contract: ${adapterName}`, () => {
    let mailer: Mailer;
    let delivered: () => Promise<ParsedMail[]>;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ mailer, delivered, cleanup } = await make());
    });
    afterEach(async () => {
      await mailer.close();
      await cleanup();
    });

    it('delivers a message with both bodies, the sender and the recipient', async () => {
      await mailer.send({
        to: 'zoë@example.org',
        subject: 'Reset your Life Story password — ça marche',
        text: 'Open https://stories.example/reset-password#token=abc within 30 minutes.\n\nGrüße',
        html: '<p>Open <a href="https://stories.example/reset-password#token=abc">this link</a>.</p><p>Grüße</p>',
      });
      const [mail, ...more] = await delivered();
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Reset your Life Story password — ça marche');
      expect(mail!.from?.value).toEqual([{ name: 'Life Story', address: 'no-reply@stories.example' }]);
      expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.value[0]?.address : null).toBe('zoë@example.org');
      expect(mail!.text?.trim()).toBe('Open https://stories.example/reset-password#token=abc within 30 minutes.\n\nGrüße');
      expect(mail!.html).toContain('<a href="https://stories.example/reset-password#token=abc">this link</a>');
      expect(mail!.html).toContain('Grüße');
      // No tracking: nothing in the message that loads from elsewhere.
      expect(mail!.html).not.toMatch(/<img|<link|<script/i);
    });

    it('carries extra header fields: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058; ADR 0027)', async () => {
      await mailer.send({
        to: 'follower@example.org',
        subject: 'New in “My life”',
        text: 't',
        html: '<p>h</p>',
        headers: { 'List-Unsubscribe': '<https://stories.example/unsubscribe/a.b>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const [mail] = await delivered();
      const field = (key: string) => mail!.headerLines.find((h) => h.key === key)?.line;
      expect(field('list-unsubscribe')).toBe('List-Unsubscribe: <https://stories.example/unsubscribe/a.b>');
      expect(field('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    });

    it('delivers several messages, each once', async () => {
      await Promise.all(
        [1, 2, 3].map((n) => mailer.send({ to: `p${n}@example.org`, subject: `n${n}`, text: `t${n}`, html: `<p>h${n}</p>` })),
      );
      const subjects = (await delivered()).map((m) => m.subject).sort();
      expect(subjects).toEqual(['n1', 'n2', 'n3']);
    });
  });
}
