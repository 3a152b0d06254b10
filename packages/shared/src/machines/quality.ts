import { qualityCheckStatus } from '../enums/index.ts';
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
