import { lineSideApi } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { sitWarehouseEntity } from '@factory/shared/entities/warehouse';
import type { MovementSource } from '../warehouse/index.ts';

/** The line-side warehouses a filter offers (enabled ones; the server answers line-side stock only). */
export const LINE_SIDE_WAREHOUSES = {
  endpoint: entityEndpoints(sitWarehouseEntity).list,
  label: '线边仓',
  placeholder: '全部线边仓',
};

/** Line-side movements, read under the page's own permission (no export of their own). */
export const lineSideMovements = (routeName: string): MovementSource => ({
  endpoint: lineSideApi.movements,
  routeName,
});
