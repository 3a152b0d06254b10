import { API_BASE } from './request.ts';
import { useSession } from './session.ts';

/**
 * The address an `<img>` loads a stored file from: the API's own files need the token as a
 * parameter (an `<img>` sends no header); other addresses are left as they are.
 */
export function fileSrc(
  url: string | null | undefined,
  token = useSession.getState().token,
): string | undefined {
  if (!url) return undefined;
  if (!token || !url.startsWith(API_BASE)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
