import { customFieldApi } from '@factory/shared/api/customField';
import { withCustomFields } from '@factory/shared/entities/custom';
import type { EntityDecl } from '@factory/shared/entities/define';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../call.ts';

/** The cache key of every entity's custom fields: field setting clears it after a change. */
export const CUSTOM_FIELDS_KEY = [customFieldApi.of.path] as const;

/**
 * An entity's declaration with the tenant's custom fields (field setting) after its own, so the
 * list, search form, form and export treat them like the rest. Undefined while they load; the
 * declaration itself for entities that take none.
 */
export function useEntityDecl<E extends EntityDecl>(entity: E): E | undefined {
  const query = useQuery({
    queryKey: [...CUSTOM_FIELDS_KEY, entity.name],
    queryFn: ({ signal }) => call(customFieldApi.of, { entity: entity.name }, { signal }),
    enabled: !!entity.customFields,
    staleTime: 60_000,
  });
  return useMemo(() => {
    if (!entity.customFields) return entity;
    // a failed load (already explained by the request client) still shows the entity's own fields
    if (query.isError) return entity;
    return query.data ? withCustomFields(entity, query.data) : undefined;
  }, [entity, query.data, query.isError]);
}
