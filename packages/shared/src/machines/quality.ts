import { handlingStatus, qualityCheckStatus } from '../enums/index.ts';
import { defineMachine } from './define.ts';

/** Quality calls live under quality/private/ (spec 000 §7's pattern: module, then private). */
export const QUALITY_BASE = 'quality/private/';

/**
 * An inspection order 质检单 (DOMAIN "Inspection order"; docs/quality.md): pending (1) until its
 * first results are saved (2, 检验中), submitted with every sample's every item judged (3, the
 * verdict from the sampling plan's Ac/Re), then audited (4) and approved (5) by someone other than
 * the inspector. The verdict takes effect (releases or keeps holding what waits on it) at submit,
 * or at audit for a tenant with `qualityAudit`, or at approval with `qualityApproval`; until then
 * an audit or approval may send it back to 检验中 with a reason.
 */
export const inspectionOrderMachine = defineMachine({
  name: 'qualityInspectionOrder',
  label: '质检单',
  route: 'qualityInspectionOrderList',
  numberField: 'code',
  base: `${QUALITY_BASE}inspectionOrder/`,
  states: { status: { label: '质检状态', enum: qualityCheckStatus } },
  actions: {
    record: { label: '录入结果', button: 'Inspect', own: true, when: { status: [1, 2] }, set: { status: 2 } },
    submit: {
      label: '提交',
      button: 'Inspect',
      when: { status: [2] },
      set: { status: 3 },
      confirm: '提交后按抽样方案判定合格与否，确定提交吗？',
    },
    audit: { label: '审核', button: 'Audit', when: { status: [3] }, set: { status: 4 } },
    approve: { label: '批准', button: 'Approve', when: { status: [4] }, set: { status: 5 } },
    sendBack: {
      label: '退回',
      button: 'Audit',
      alsoKeys: ['qualityInspectionOrderListApprove'],
      when: { status: [3, 4] },
      set: { status: 2 },
      reason: true,
      unless: (row) => (row.effective ? '检验结论已生效，不能退回' : undefined),
    },
  },
});

/**
 * A non-conforming record 不合格品 (DOMAIN "Non-conforming handling"; docs/quality.md): its units
 * are dealt with in parts — repaired (a rework work order), scrapped, accepted by concession or
 * returned to the supplier — each part a disposition (处置) with who decided it; the record is
 * partly handled (1) until its dispositions add up to its quantity (2). Which dispositions fit
 * depends on where the units are (在制品, 完工待入库, 库存批次).
 */
export const nonconformingMachine = defineMachine({
  name: 'nonconforming',
  label: '不合格品',
  route: 'unquality',
  numberField: 'code',
  base: `${QUALITY_BASE}nonconforming/`,
  states: { handlingStatus: { label: '处理状态', enum: handlingStatus } },
  actions: {
    repair: { label: '返修', button: 'Repair', own: true, when: { handlingStatus: [0, 1] } },
    scrap: { label: '报废', button: 'Scrap', own: true, when: { handlingStatus: [0, 1] } },
    concession: { label: '让步接收', button: 'Concession', own: true, when: { handlingStatus: [0, 1] } },
    returnGoods: { label: '退供应商', button: 'Return', own: true, when: { handlingStatus: [0, 1] } },
  },
});
