import { describe, expect, it } from 'vitest';
import { invitationEmail, inviterName } from './invitation-email';

const margaret = { username: 'margaret_w', first_name: 'Margaret', last_name: 'Wells', is_private: 0 };

describe('the invitation email', () => {
  it('names the writer, or only their username when the account is private (its names stay on the server)', () => {
    expect(inviterName(margaret)).toBe('Margaret Wells (margaret_w)');
    expect(inviterName({ ...margaret, is_private: 1 })).toBe('margaret_w');
    expect(inviterName({ ...margaret, first_name: null, last_name: null })).toBe('margaret_w');
    const mail = invitationEmail(
      { email: 'tom@example.org', name: 'Tom' },
      { ...margaret, is_private: 1 },
      'Under the Linden Tree',
      'https://x.example/r/t',
    );
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/Margaret|Wells/);
  });

  it('holds the title, one link, in plain text and HTML, with no images and what it says escaped', () => {
    const link = 'https://stories.example/r/abc';
    const mail = invitationEmail({ email: 'tom@example.org', name: 'Tom <b>' }, margaret, 'Pies & <i>cakes</i>', link);
    expect(mail.to).toBe('tom@example.org');
    expect(mail.subject).toBe('Margaret Wells (margaret_w) invites you to read “Pies & <i>cakes</i>”');
    expect(mail.text).toContain('Dear Tom <b>,');
    expect(mail.text.split(link)).toHaveLength(2);
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    expect(mail.html).toContain('Pies &amp; &lt;i&gt;cakes&lt;/i&gt;');
    expect(mail.html).toContain('Dear Tom &lt;b&gt;,');
    expect(mail.html).not.toMatch(/<img/i);
  });

  it('before the first publish, says the story is not published yet', () => {
    const mail = invitationEmail({ email: 'tom@example.org', name: 'Tom' }, margaret, null, 'https://x.example/r/t');
    expect(mail.subject).toBe('Margaret Wells (margaret_w) invites you to read their story on Life Story');
    expect(mail.text).toContain('It is not published yet');
  });
});
