import { connect as netConnect, Socket } from 'node:net';
import { connect as tlsConnect, TLSSocket } from 'node:tls';
import { hostname } from 'node:os';
import { EmailMessage, EmailSenderPort, SendOutcome } from '../application/ports/notification-senders.port';

export interface SmtpSettings {
  /** SMTP_URL: smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps:// (TLS from the start); unset: no e-mail. */
  readonly url?: string;
  /** SMTP_FROM: the envelope and From address; the team's sender name is its display name. */
  readonly from: string;
  readonly timeoutMs: number;
}

interface Reply {
  readonly code: number;
  readonly lines: readonly string[];
}

/** An RFC 2047 encoded word: UTF-8 in base64, for headers with Arabic in them. */
export function encodedWord(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** The message as sent: headers, then the UTF-8 body in base64 lines of 76. */
export function mimeMessage(m: EmailMessage, from: string, at: Date, domain: string): string {
  const body = Buffer.from(m.text, 'utf8')
    .toString('base64')
    .replace(/.{1,76}/g, '$&\r\n');
  return [
    `From: ${encodedWord(m.fromName)} <${from}>`,
    `To: <${m.to}>`,
    `Subject: ${encodedWord(m.subject)}`,
    `Date: ${at.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${m.reference}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    'Content-Language: ar, en',
    '',
    body,
  ].join('\r\n');
}

/** A CRLF, a dot and a CRLF end DATA: no line of base64 starts with a dot, headers are ours. */
const ADDRESS = /^[^\s<>@,;:"]+@[^\s<>@,;:"]+$/;

/**
 * E-mail over SMTP (RFC 5321) on node:net: EHLO, STARTTLS when offered, AUTH PLAIN when the URL
 * has a user, MAIL FROM, RCPT TO, DATA, QUIT. The password is only ever written to the socket.
 * A refused connection or a 4xx before DATA is "unavailable" (tried again later); after DATA
 * the server has it or said no.
 */
export class SmtpEmailSender implements EmailSenderPort {
  readonly configured: boolean;
  private readonly target?: { host: string; port: number; secure: boolean; user?: string; password?: string; domain: string };

  constructor(private readonly settings: SmtpSettings) {
    this.configured = settings.url !== undefined;
    if (settings.url) {
      const url = new URL(settings.url);
      if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must be smtp:// or smtps://');
      const secure = url.protocol === 'smtps:';
      this.target = {
        host: url.hostname,
        port: url.port ? Number(url.port) : secure ? 465 : 587,
        secure,
        user: url.username ? decodeURIComponent(url.username) : undefined,
        password: url.password ? decodeURIComponent(url.password) : undefined,
        domain: settings.from.split('@')[1] ?? 'localhost',
      };
    }
  }

  async send(m: EmailMessage): Promise<SendOutcome> {
    const target = this.target;
    if (!target) return { kind: 'rejected', reason: 'e-mail is not set up on this gateway (SMTP_URL)' };
    if (!ADDRESS.test(m.to)) return { kind: 'rejected', reason: 'not an e-mail address' };
    let session: SmtpSession;
    try {
      session = await SmtpSession.open(target.host, target.port, target.secure, this.settings.timeoutMs);
    } catch (error) {
      return { kind: 'unavailable', reason: `SMTP server unreachable (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
    }
    let dataSent = false;
    try {
      const expect = async (command: string | null, ok: (code: number) => boolean): Promise<Reply> => {
        const reply = command === null ? await session.read() : await session.command(command);
        if (!ok(reply.code)) throw new SmtpReplyError(reply);
        return reply;
      };
      await expect(null, (c) => c === 220);
      let ehlo = await expect(`EHLO ${hostname() || 'gateway'}`, (c) => c === 250);
      if (!target.secure && ehlo.lines.some((l) => /^STARTTLS\b/i.test(l))) {
        await expect('STARTTLS', (c) => c === 220);
        await session.upgrade(target.host);
        ehlo = await expect(`EHLO ${hostname() || 'gateway'}`, (c) => c === 250);
      }
      if (target.user !== undefined) {
        const token = Buffer.from(`\0${target.user}\0${target.password ?? ''}`, 'utf8').toString('base64');
        await expect(`AUTH PLAIN ${token}`, (c) => c === 235);
      }
      const utf8 = ehlo.lines.some((l) => /^SMTPUTF8\b/i.test(l));
      await expect(`MAIL FROM:<${this.settings.from}>${utf8 ? ' SMTPUTF8' : ''}`, (c) => c === 250);
      await expect(`RCPT TO:<${m.to}>`, (c) => c === 250 || c === 251);
      await expect('DATA', (c) => c === 354);
      dataSent = true;
      const accepted = await expect(`${mimeMessage(m, this.settings.from, new Date(), target.domain)}\r\n.`, (c) => c === 250);
      await session.command('QUIT').catch(() => undefined);
      return { kind: 'sent', providerRef: accepted.lines.join(' ').slice(0, 200) || m.reference };
    } catch (error) {
      if (error instanceof SmtpReplyError) {
        const reason = `SMTP ${error.reply.code} ${error.reply.lines.join(' ')}`.slice(0, 300);
        // A temporary refusal before the message was handed over: nothing was sent.
        if (!dataSent && error.reply.code >= 400 && error.reply.code < 500) return { kind: 'unavailable', reason };
        return { kind: 'rejected', reason };
      }
      const reason = `SMTP connection lost (${(error as Error).message})`;
      return dataSent ? { kind: 'rejected', reason: `${reason}: outcome unknown, not sent again` } : { kind: 'unavailable', reason };
    } finally {
      session.close();
    }
  }
}

class SmtpReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`SMTP ${reply.code}`);
  }
}

/** One SMTP conversation: commands written with CRLF, replies read whole (multi-line "250-…" included). */
class SmtpSession {
  private buffer = '';
  private waiting: Array<() => void> = [];
  private failure: Error | null = null;

  private constructor(
    private socket: Socket | TLSSocket,
    private readonly timeoutMs: number,
  ) {
    this.listen();
  }

  static open(host: string, port: number, secure: boolean, timeoutMs: number): Promise<SmtpSession> {
    return new Promise((resolve, reject) => {
      const socket = secure ? tlsConnect({ host, port, servername: host }) : netConnect({ host, port });
      const onError = (error: Error) => reject(error);
      socket.once('error', onError);
      socket.setTimeout(timeoutMs, () => socket.destroy(new Error('timeout')));
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        socket.off('error', onError);
        resolve(new SmtpSession(socket, timeoutMs));
      });
    });
  }

  private listen(): void {
    this.socket.setEncoding('utf8');
    this.socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.wake();
    });
    this.socket.on('error', (error) => {
      this.failure = error;
      this.wake();
    });
    this.socket.on('close', () => {
      this.failure ??= new Error('closed');
      this.wake();
    });
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const w of waiting) w();
  }

  async upgrade(host: string): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('error');
    plain.removeAllListeners('close');
    this.socket = await new Promise<TLSSocket>((resolve, reject) => {
      const secured = tlsConnect({ socket: plain, servername: host }, () => resolve(secured));
      secured.once('error', reject);
    });
    this.socket.setTimeout(this.timeoutMs, () => this.socket.destroy(new Error('timeout')));
    this.buffer = '';
    this.listen();
  }

  async read(): Promise<Reply> {
    for (;;) {
      const lines = this.buffer.split('\r\n');
      // A complete reply ends with a line "ddd " (or "ddd" alone).
      for (let i = 0; i < lines.length - 1; i++) {
        if (/^\d{3}(?: |$)/.test(lines[i])) {
          const replyLines = lines.slice(0, i + 1);
          this.buffer = lines.slice(i + 1).join('\r\n');
          return { code: Number(replyLines[i].slice(0, 3)), lines: replyLines.map((l) => l.slice(4)) };
        }
      }
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  async command(line: string): Promise<Reply> {
    this.socket.write(`${line}\r\n`);
    return this.read();
  }

  close(): void {
    this.socket.destroy();
  }
}
