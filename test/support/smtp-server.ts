import { AddressInfo, createServer, Server, Socket } from 'node:net';

/** One message as the test's SMTP server received it, decoded. */
export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  /** The Subject header with its encoded words decoded. */
  readonly subject: string;
  /** The body, decoded from its transfer encoding (base64 or quoted-printable) as UTF-8. */
  readonly text: string;
  readonly raw: string;
}

export interface TestSmtpServer {
  readonly url: string;
  readonly port: number;
  readonly messages: ReceivedMail[];
  /** Answers 421 to every connection while true (a server that is down for mail). */
  refuse: boolean;
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'binary').toString('utf8'),
  );
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function parseMail(raw: string, from: string, to: readonly string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(decodeQuotedPrintable(body), 'binary').toString('utf8')
        : body;
  return { from, to, headers, subject: decodeWords(headers.subject ?? ''), text, raw };
}

/**
 * A real SMTP server on a TCP port for tests (RFC 5321's minimum: EHLO/HELO, MAIL, RCPT, DATA
 * with dot-unstuffing, RSET, NOOP, QUIT), keeping what it receives. Not a mock of a library:
 * the gateway's client speaks to it over the network as to any mail server.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const state = { refuse: false };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (state.refuse) {
      socket.end('421 test server refusing mail\r\n');
      return;
    }
    let buffer = '';
    let from = '';
    let to: string[] = [];
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test-smtp ESMTP ready');
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(parseMail(data.join('\r\n'), from, to));
            data = null;
            reply(`250 2.0.0 queued as test-${messages.length}`);
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-test-smtp greets you');
          reply('250-8BITMIME');
          reply('250 SMTPUTF8');
        } else if (verb === 'HELO') reply('250 test-smtp');
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          if (!from || to.length === 0) reply('503 5.5.1 need MAIL and RCPT first');
          else {
            data = [];
            reply('354 end with <CRLF>.<CRLF>');
          }
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
