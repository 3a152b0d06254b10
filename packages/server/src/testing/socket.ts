import { wsPath } from '@factory/shared/api/notification';
import WebSocket from 'ws';

/** A notification socket as the web client opens it, recording what it receives. */
export interface TestSocket {
  ws: WebSocket;
  messages: unknown[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** Resolves with the next message after now (rejects after timeoutMs). */
  next(timeoutMs?: number): Promise<unknown>;
  close(): void;
}

export function openSocket(
  origin: string,
  memberCode: string,
  userId: number,
  token: string | undefined,
): Promise<TestSocket> {
  const url = `${origin.replace(/^http/, 'ws')}${wsPath(memberCode, userId)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const ws = new WebSocket(url);
  const messages: unknown[] = [];
  const waiters: ((m: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    messages.push(m);
    for (const w of waiters.splice(0)) w(m);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const socket: TestSocket = {
    ws,
    messages,
    closed,
    next: (timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no message within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      }),
    close: () => ws.close(1000),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
  });
}

/** Resolves true when no message arrives within ms. */
export const silentFor = (s: TestSocket, ms: number) =>
  s.next(ms).then(
    () => false,
    () => true,
  );
