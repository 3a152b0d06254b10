import type { EntityDecl } from './define.ts';
import { customFieldEntity } from './fieldSetting.ts';
import { codeRuleEntity } from './numbering.ts';
import { businessEntities } from './registry.ts';

/** Every declared entity by name (add business entities to registry.ts). */
export const entities: Readonly<Record<string, EntityDecl>> = Object.freeze({
  ...businessEntities,
  codeRule: codeRuleEntity,
  customField: customFieldEntity,
});
