import type { BomLine as BomLineSchema, BomNode as BomNodeSchema } from '@factory/shared/api/materials';
import { entityPaths } from '@factory/shared/entities/define';
import { materialsEntity } from '@factory/shared/entities/materials';
import type { Static } from 'typebox';

export type BomNode = Static<typeof BomNodeSchema>;
export type BomLine = Static<typeof BomLineSchema>;

const P = materialsEntity.api?.base ?? '';

/** The BOM calls (basicData/materials/private/materials/…). */
export const bomPaths = {
  listPage: `${P}getBomListPage`,
  lines: `${P}getBomList`,
  tree: `${P}getBomTree`,
  parents: `${P}getBomParents`,
  save: `${P}updateBomList`,
  copy: `${P}copyBom`,
  remove: `${P}deleteBom`,
  export: `${P}exportBom`,
  /** Bulk load: each parent's lines in the file replace its first level. */
  import: `${P}importBom`,
  importTemplate: `${P}importBomTemplate`,
  importErrors: `${P}importBomErrors`,
  /** Products that can have a BOM (成品, 半成品), as a select list. */
  finished: `${P}getFinishedMaterials`,
  detail: entityPaths(materialsEntity).detail,
};
