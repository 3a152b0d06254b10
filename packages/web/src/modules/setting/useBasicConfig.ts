import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useMemo } from 'react';
import { client } from '../../platform/call.ts';
import { ApiError } from '../../platform/request.ts';

const basicConfig = client(basicConfigApi);
const TREE_KEY = ['basicConfig', 'tree'] as const;

/**
 * The tenant's basic config (spec 000 §3) for the settings pages: current values by code, and a
 * batch save that refreshes them. Both pages share one cache entry, so a save on one shows on the other.
 */
export function useBasicConfig() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: TREE_KEY,
    queryFn: () => basicConfig.tree(),
    staleTime: 0,
  });
  const values = useMemo(() => {
    const map: Record<string, string> = {};
    for (const group of query.data ?? []) for (const item of group.children) map[item.code] = item.value;
    return map;
  }, [query.data]);
  const save = useMutation({
    mutationFn: (items: { code: string; value: string }[]) => basicConfig.updateBatch(items),
    onSuccess: () => client.invalidateQueries({ queryKey: TREE_KEY }),
  });
  return { ...query, values, save };
}

/**
 * Puts a refusal's field errors (field = config code) on the form items of the same name. The
 * request client has already shown the message; this only points at the field.
 */
export function showFieldErrors(form: FormInstance, err: unknown, known: readonly string[]): void {
  if (!(err instanceof ApiError)) return;
  const fields = err.fields.filter((f) => known.includes(f.field));
  if (fields.length) form.setFields(fields.map((f) => ({ name: f.field, errors: [f.message] })));
}
