import { codeRuleEntity } from '@factory/shared/entities/numbering';
import { crud } from '../../platform/crud.ts';
import { fieldError } from '../../platform/errors.ts';
import { codeRules } from '../../platform/schema.ts';

/** The date part a reset needs, or codes of two periods would collide (GW001 every day). */
const RESET_NEEDS: Record<number, { formats: string[]; message: string }> = {
  1: { formats: ['YYYYMMDD', 'YYMMDD'], message: '每日重置的流水号须包含年月日' },
  2: { formats: ['YYYYMM', 'YYYYMMDD', 'YYMMDD'], message: '每月重置的流水号须包含年月' },
  3: { formats: ['YYYY', 'YYYYMM', 'YYYYMMDD', 'YYMMDD'], message: '每年重置的流水号须包含年份' },
};

export const codeRule = crud({
  entity: codeRuleEntity,
  table: codeRules,
  hooks: {
    async validate(tx, values, id) {
      if (values.prefix === null) values.prefix = '';
      if (values.dateFormat === null) values.dateFormat = '';
      let { dateFormat, resetPeriod } = values as { dateFormat?: string; resetPeriod?: number };
      if (id !== null && (dateFormat === undefined || resetPeriod === undefined)) {
        const current = await codeRule.detail(tx, id);
        dateFormat ??= current.dateFormat as string;
        resetPeriod ??= current.resetPeriod as number;
      }
      const need = RESET_NEEDS[resetPeriod ?? 0];
      if (need && !need.formats.includes(dateFormat ?? '')) throw fieldError('dateFormat', need.message);
    },
  },
});

export const codeRuleRoutes = codeRule.routes;
