import { authApi } from '@factory/shared/api/auth';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../platform/call.ts';
import { useHasPage } from '../platform/pages.ts';
import { buildUrl } from '../platform/request.ts';
import { useSession } from '../platform/session.ts';
import { PageLoading } from './PageLoading.tsx';
import { homePath } from './routing.ts';

/**
 * Entry links from other systems: /reHome/:memberCode/:login and /reConsole/:memberCode. A session
 * of the same tenant carries on; any other tenant's session is ended and the user signs in.
 */
export default function ReEntry() {
  const { memberCode, login } = useParams();
  const navigate = useNavigate();
  const hasPage = useHasPage();

  useEffect(() => {
    // only reHome links carry a login name
    const toConsole = login === undefined;
    const signIn = toConsole ? '/login' : `/login?userName=${encodeURIComponent(login)}`;
    const { token, user, memberCode: current, setUser, setMemberCode, clear } = useSession.getState();
    const go = (to: string) => navigate(to, { replace: true });
    if (!memberCode) {
      go('/login');
      return;
    }

    if (token && current === memberCode) {
      if (toConsole) go('/home');
      else if (user) go(homePath(user, hasPage));
      else {
        // a reload of the link: user info is not loaded yet, the landing route depends on it
        let live = true;
        call(authApi.loginInfo, { keep: true })
          .then((u) => {
            if (!live) return;
            setUser(u);
            go(homePath(u, hasPage));
          })
          .catch(() => {
            if (!live) return;
            clear();
            go(signIn);
          });
        return () => {
          live = false;
        };
      }
      return;
    }

    if (token) {
      // end the other tenant's session on the server too; its outcome does not matter here
      fetch(buildUrl(authApi.logout.path), { headers: { token } }).catch(() => {});
      clear();
    }
    setMemberCode(memberCode);
    go(signIn);
  }, [memberCode, login, navigate, hasPage]);

  return <PageLoading />;
}
