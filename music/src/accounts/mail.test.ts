import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLinkMessage } from './email-links';
import { smtpMailer } from './mail';
import { startSmtpServer, type SmtpServer } from './testing';

let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp.close();
});

describe('the SMTP mailer', () => {
  it('sends through the configured server with nodemailer', async () => {
    const mailer = smtpMailer(smtp.url, 'Graphonic <no-reply@graphonic.test>');
    expect(mailer.kind).toBe('smtp');
    await mailer.send(
      signInLinkMessage({ to: 'ana@example.org', name: 'Ana <3', url: 'http://127.0.0.1:4100/login/email/abc' }),
    );
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message?.from).toBe('no-reply@graphonic.test');
    expect(message?.to).toEqual(['ana@example.org']);
    expect(message?.data).toMatch(/^Subject: Your Graphonic sign-in link$/m);
    expect(message?.data).toContain('http://127.0.0.1:4100/login/email/abc');
  });

  it('fails loudly when the server cannot be reached', async () => {
    const mailer = smtpMailer('smtp://127.0.0.1:1', 'Graphonic <no-reply@graphonic.test>');
    await expect(mailer.send({ to: 'ana@example.org', subject: 'x', text: 'x', html: '<p>x</p>' })).rejects.toThrow();
  });
});

describe('the sign-in link message', () => {
  it('says how long the link works, and escapes the name in HTML', () => {
    const message = signInLinkMessage({
      to: 'a@example.org',
      name: 'Ana <b>',
      url: 'http://127.0.0.1/login/email/x?a=1&b=2',
    });
    expect(message.text).toContain('within 10 minutes');
    expect(message.text).toContain('It works once.');
    expect(message.html).toContain('Hi Ana &lt;b&gt;,');
    expect(message.html).toContain('href="http://127.0.0.1/login/email/x?a=1&amp;b=2"');
  });
});
