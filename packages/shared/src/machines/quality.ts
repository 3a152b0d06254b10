/** Quality calls live under quality/private/ (spec 000 §7's pattern: module, then private). */
export const QUALITY_BASE = 'quality/private/';
