import { authApi } from '@factory/shared/api/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../platform/call.ts';
import { useSession } from '../platform/session.ts';

/** Signs out and leaves for /login, even when the call fails: the client has said why, and the session is over. */
export function useLogout(): () => void {
  const clear = useSession((s) => s.clear);
  const navigate = useNavigate();
  return useCallback(() => {
    call(authApi.logout, { keep: true })
      .catch(() => undefined)
      .finally(() => {
        clear();
        navigate('/login');
      });
  }, [clear, navigate]);
}
