import type { AutoCodeRule } from '@factory/shared/entities/define';
import { datePartsOf, defaultRule, formatCode } from '@factory/shared/entities/numbering';
import { and, eq, sql } from 'drizzle-orm';
import { nowOf } from './clock.ts';
import type { Tx } from './db.ts';
import { codeRules, codeSequences } from './schema.ts';

/** The factory's calendar day (codes and their periods follow Asia/Shanghai, not the server's zone). */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
function today(now = new Date()) {
  const [y, m, d] = dayFormat.format(now).split('-').map(Number);
  return { y, m, d };
}

/** The tenant's rule for a kind of record, else the declaration's default; undefined: not numbered. */
export async function ruleOf(tx: Tx, docType: string): Promise<AutoCodeRule | undefined> {
  const [row] = await tx
    .select({
      prefix: codeRules.prefix,
      dateFormat: codeRules.dateFormat,
      seqLength: codeRules.seqLength,
      resetPeriod: codeRules.resetPeriod,
    })
    .from(codeRules)
    .where(eq(codeRules.docType, docType));
  return row ?? defaultRule(docType);
}

async function current(tx: Tx, docType: string, period: string): Promise<number> {
  const [row] = await tx
    .select({ value: codeSequences.value })
    .from(codeSequences)
    .where(and(eq(codeSequences.docType, docType), eq(codeSequences.period, period)));
  return row?.value ?? 0;
}

/**
 * Takes `count` numbers at once. The sequence row is created or advanced by one upsert, which
 * locks it until the transaction ends: concurrent requests queue there and never get the same
 * number, and a rolled-back request gives its numbers back.
 */
export async function takeCodes(tx: Tx, docType: string, count = 1): Promise<string[]> {
  const rule = await ruleOf(tx, docType);
  if (!rule) throw new Error(`takeCodes: ${docType} is not numbered`);
  // a document dated in the past (the demo's year of history) takes its day's numbers
  const { dateText, period } = datePartsOf(rule, today(nowOf(tx)));
  const [row] = await tx
    .insert(codeSequences)
    .values({ docType, period, value: count })
    .onConflictDoUpdate({
      target: [codeSequences.tenantId, codeSequences.docType, codeSequences.period],
      set: { value: sql`${codeSequences.value} + ${count}` },
    })
    .returning({ value: codeSequences.value });
  const first = row.value - count + 1;
  return Array.from({ length: count }, (_, i) => formatCode(rule, dateText, first + i));
}

/** The next number without taking it (the form's 生成 suggestion). */
export async function peekCode(tx: Tx, docType: string): Promise<string> {
  const rule = await ruleOf(tx, docType);
  if (!rule) throw new Error(`peekCode: ${docType} is not numbered`);
  const { dateText, period } = datePartsOf(rule, today());
  return formatCode(rule, dateText, (await current(tx, docType, period)) + 1);
}

/**
 * Codes typed or imported that follow the rule in the current period move its sequence past
 * them, so the next number given is free (a suggestion the user accepted counts as taken).
 */
export async function noteCodes(tx: Tx, docType: string, codes: readonly string[]): Promise<void> {
  const rule = await ruleOf(tx, docType);
  if (!rule || !codes.length) return;
  const { dateText, period } = datePartsOf(rule, today());
  const head = `${rule.prefix}${dateText}`;
  let max = 0;
  for (const code of codes) {
    const tail = code.startsWith(head) ? code.slice(head.length) : '';
    if (/^\d+$/.test(tail) && tail.length >= rule.seqLength) max = Math.max(max, Number(tail));
  }
  if (!max || max > 2_000_000_000) return;
  await tx
    .insert(codeSequences)
    .values({ docType, period, value: max })
    .onConflictDoUpdate({
      target: [codeSequences.tenantId, codeSequences.docType, codeSequences.period],
      set: { value: sql`greatest(${codeSequences.value}, ${max})` },
    });
}
