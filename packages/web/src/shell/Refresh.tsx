import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * The tag bar's refresh: /refresh?redirect=<path> goes straight back, so the page remounts with
 * fresh state. Only in-app paths are followed.
 */
export default function Refresh() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  useEffect(() => {
    const safe = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/home';
    navigate(safe, { replace: true });
  }, [redirect, navigate]);
  return null;
}
