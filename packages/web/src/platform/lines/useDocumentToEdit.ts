import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';

/**
 * The document an add page is asked to edit by `?id=` (its 编辑 opens the add page): undefined
 * id for a new one. Read fresh each time — the form starts from what the document is now, not from
 * a cached read — and never refetched behind the user's back, which would reset what is typed.
 */
export function useDocumentToEdit<T>(key: string, read: (id: number, signal: AbortSignal) => Promise<T>) {
  const [params] = useSearchParams();
  const given = Number(params.get('id'));
  const id = Number.isInteger(given) && given > 0 ? given : undefined;
  const detail = useQuery({
    queryKey: [key, id],
    queryFn: ({ signal }) => read(id ?? 0, signal),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  return { id, detail };
}
