import {
  type BomLine as BomLineSchema,
  type BomNode as BomNodeSchema,
  bomApi,
} from '@factory/shared/api/materials';
import type { Static } from 'typebox';
import { client } from '../../platform/call.ts';

export type BomNode = Static<typeof BomNodeSchema>;
export type BomLine = Static<typeof BomLineSchema>;

/** The BOM calls (basicData/materials/private/materials/…), typed from their declarations. */
export const bom = client(bomApi);
