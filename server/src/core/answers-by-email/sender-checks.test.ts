import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { replyTokenOf } from './reply-address';
import { dmarcFailed, isAutomatic, normaliseAddress, soleSender } from './sender-checks';

const mail = (headers: string) => simpleParser(`${headers}\r\nTo: r@localhost\r\nSubject: s\r\n\r\nHello.\r\n`);

describe('who sent it', () => {
  it('compares addresses trimmed and lower-cased', () => {
    expect(normaliseAddress(' <Margaret.Smith@Example.COM> ')).toBe('margaret.smith@example.com');
    expect(normaliseAddress('mailto:a@b.example')).toBe('a@b.example');
  });

  it('takes exactly one From address', async () => {
    expect(soleSender(await mail('From: "Margaret" <Margaret@Example.com>'))).toBe('margaret@example.com');
    expect(soleSender(await mail('From: a@example.com, b@example.com'))).toBeNull();
    expect(soleSender(await mail('X-Nothing: 1'))).toBeNull();
  });
});

describe('isAutomatic (RFC 3834)', () => {
  it.each([
    ['From: a@example.com\r\nAuto-Submitted: auto-replied', true],
    ['From: a@example.com\r\nAuto-Submitted: no', false],
    ['From: a@example.com\r\nX-Autoreply: yes', true],
    ['From: a@example.com\r\nPrecedence: bulk', true],
    ['From: a@example.com\r\nReturn-Path: <>', true],
    ['From: a@example.com', false],
  ])('%s', async (headers, automatic) => {
    expect(isAutomatic(await mail(headers), undefined)).toBe(automatic);
  });

  it('a bounce (empty envelope sender) is automatic', async () => {
    expect(isAutomatic(await mail('From: a@example.com'), '')).toBe(true);
  });
});

describe('dmarcFailed: only the topmost verdict, only a failure', () => {
  it('refuses on the provider’s dmarc=fail, whatever a lower (forgeable) header says', async () => {
    const top = 'Authentication-Results: mx.provider.example; dmarc=fail header.from=example.com';
    const lower = 'Authentication-Results: forged.example; dmarc=pass';
    expect(dmarcFailed(await mail(`${top}\r\n${lower}\r\nFrom: a@example.com`))).toBe(true);
    expect(dmarcFailed(await mail(`${lower}\r\n${top}\r\nFrom: a@example.com`))).toBe(false);
    expect(dmarcFailed(await mail('From: a@example.com'))).toBe(false);
  });
});

describe('replyTokenOf', () => {
  const token = '0123456789abcdef0123456789abcdef';
  it('reads reply+<token>@<domain> in any case, and nothing else', () => {
    expect(replyTokenOf(`REPLY+${token.toUpperCase()}@Stories.Example`, 'stories.example')).toBe(token);
    expect(replyTokenOf(`<reply+${token}@stories.example>`, 'stories.example')).toBe(token);
    expect(replyTokenOf(`reply+${token}@elsewhere.example`, 'stories.example')).toBeNull();
    expect(replyTokenOf(`reply+${token.slice(1)}@stories.example`, 'stories.example')).toBeNull();
    expect(replyTokenOf(`hello@stories.example`, 'stories.example')).toBeNull();
  });
});
