import type { EntityDecl } from './define.ts';
import { areaEntity, procedureEntity, stationEntity } from './information.ts';
import { codeRuleEntity } from './numbering.ts';
import { organizationEntity, userGroupEntity } from './setting.ts';
import { userEntity } from './user.ts';

/** Every declared entity by name: references name their target here (remote selects, look-ups). */
export const entities: Readonly<Record<string, EntityDecl>> = Object.freeze({
  user: userEntity,
  area: areaEntity,
  procedure: procedureEntity,
  station: stationEntity,
  organization: organizationEntity,
  userGroup: userGroupEntity,
  codeRule: codeRuleEntity,
});
