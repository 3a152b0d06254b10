import { WS_CLOSE } from '@factory/shared/api/notification';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { resolveSession, TOKEN_HEADER } from '../session.ts';

interface Params {
  memberCode: string;
  userId: string;
}

/** Who the socket belongs to, or the close code that refuses it. */
async function admit(
  services: Services,
  req: FastifyRequest<{ Params: Params; Querystring: { token?: string } }>,
): Promise<{ tenantId: number; userId: number } | { refuse: number; reason: string }> {
  // a browser's WebSocket cannot send headers: the token comes in the query (kept out of the logs)
  const token = req.query.token ?? (req.headers[TOKEN_HEADER] as string | undefined);
  let session: Awaited<ReturnType<typeof resolveSession>>;
  try {
    session = await resolveSession(services, token);
  } catch {
    return { refuse: WS_CLOSE.unauthenticated, reason: 'token' };
  }
  const { memberCode, userId } = req.params;
  if (
    session.tenant.memberCode.toLowerCase() !== memberCode.toLowerCase() ||
    String(session.userId) !== userId
  ) {
    return { refuse: WS_CLOSE.forbidden, reason: 'owner' };
  }
  return { tenantId: session.tenantId, userId: session.userId };
}

/**
 * The live channel of spec 000 §7, `/ws/{memberCode}/{userId}?token=`: the socket is accepted only
 * for the token's own user in its own tenant; a refused one is closed at once with 4401 (no valid
 * session: sign in again) or 4403 (someone else's channel), which the client does not retry.
 */
export async function registerNotificationSocket(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  app.get<{ Params: Params; Querystring: { token?: string } }>(
    '/ws/:memberCode/:userId',
    { websocket: true, config: { access: { public: true } }, schema: { hide: true } },
    async (socket, req) => {
      // the client only listens; anything it sends is ignored
      socket.on('message', () => undefined);
      const who = await admit(services, req);
      if ('refuse' in who) {
        socket.close(who.refuse, who.reason);
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      services.notifications.add(who.tenantId, who.userId, socket);
    },
  );
}
