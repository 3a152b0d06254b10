import { NOTIFICATION_RELOAD_DELAY_MS, WS_CLOSE, wsPath } from '@factory/shared/api/notification';
import { useEffect, useRef, useState } from 'react';

export type SocketStatus = 'connecting' | 'connected' | 'closed';

/** Wait before the n-th reconnect: 1 s, 2 s, 4 s … at most 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** Codes after which trying again cannot help: a normal close, or a refused session. */
const FINAL = new Set<number>([WS_CLOSE.normal, WS_CLOSE.unauthenticated, WS_CLOSE.forbidden]);

/**
 * The live channel of spec 000 §4 and §7: opened while the header is mounted, closed with 1000 on
 * leaving or unload; `onPush` runs 500 ms after a push (pushes in a burst give one reload); a
 * close with any other code reconnects with backoff.
 */
export function useNotificationSocket(
  who: { memberCode: string; userId: number; token: string } | undefined,
  onPush: () => void,
): SocketStatus {
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const push = useRef(onPush);
  push.current = onPush;
  const memberCode = who?.memberCode;
  const userId = who?.userId;
  const token = who?.token;

  useEffect(() => {
    if (!memberCode || !userId || !token) return;
    let socket: WebSocket | undefined;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let reload: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      const origin = window.location.origin.replace(/^http/, 'ws');
      socket = new WebSocket(`${origin}${wsPath(memberCode, userId)}?token=${encodeURIComponent(token)}`);
      setStatus('connecting');
      socket.onopen = () => {
        attempt = 0;
        setStatus('connected');
      };
      socket.onmessage = () => {
        clearTimeout(reload);
        reload = setTimeout(() => push.current(), NOTIFICATION_RELOAD_DELAY_MS);
      };
      socket.onclose = (e) => {
        setStatus('closed');
        if (stopped || FINAL.has(e.code)) return;
        retry = setTimeout(open, reconnectDelay(attempt++));
      };
    };
    const stop = () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(reload);
      socket?.close(WS_CLOSE.normal);
    };
    open();
    window.addEventListener('beforeunload', stop);
    return () => {
      window.removeEventListener('beforeunload', stop);
      stop();
    };
  }, [memberCode, userId, token]);

  return status;
}
