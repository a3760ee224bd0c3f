import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Malformed HTTP that never reaches Koa (Node's parser refuses it), answered in our JSON error shape. */
const CLIENT_ERRORS: Readonly<Record<string, { status: number; reason: string; code: string; message: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', code: 'headers_too_large', message: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', code: 'request_timeout', message: 'The request took too long to arrive' },
};
const MALFORMED = { status: 400, reason: 'Bad Request', code: 'malformed_request', message: 'The request is not valid HTTP' };

/**
 * The HTTP server around the app (main.ts and the tests use the same one): long keep-alive for phones on
 * poor signal, and requests Node's parser refuses (an unknown method, broken headers) answered as JSON errors
 * instead of Node's plain-text ones.
 *
 * Bytes the parser refuses after a request it accepted (a DELETE sent with a body but no Content-Length: the
 * body reads as a second, broken request) get no answer of their own: the accepted request is still running,
 * and an error written now would reach the client as that request's answer, though it was carried out. The
 * connection closes once that request's answer has gone.
 */
export function createHttpServer(): Server {
  const server = createServer();
  server.keepAliveTimeout = 65_000;
  const running = new WeakMap<Duplex, { req: IncomingMessage; res: ServerResponse }>();
  server.on('request', (req, res) => {
    const entry = { req, res };
    running.set(req.socket, entry);
    res.once('close', () => {
      if (running.get(req.socket) === entry) running.delete(req.socket);
    });
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // Only a request whose body has fully arrived can still be answered; one cut off mid-body (the client went
    // away, or sent garbage instead of the rest) is dropped with the connection, which also ends its upload.
    const inFlight = running.get(socket);
    if (inFlight && !inFlight.res.writableFinished) {
      if (!inFlight.req.complete) {
        socket.destroy();
        return;
      }
      // Connection: close tells the client not to send anything more on this connection.
      if (!inFlight.res.headersSent) inFlight.res.setHeader('Connection', 'close');
      inFlight.res.once('finish', () => socket.end());
      inFlight.res.once('close', () => socket.destroy());
      return;
    }
    const answer = CLIENT_ERRORS[err.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ error: { code: answer.code, message: answer.message } });
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
