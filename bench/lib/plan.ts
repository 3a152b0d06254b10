import type pg from 'pg';
import type { CapturedQuery } from './capture.ts';
import { median } from './runner.ts';

/** One node of EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON). */
export interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Method'?: string;
  Strategy?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Actual Total Time': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

export interface NodeCost {
  node: string;
  rows: number;
  loops: number;
  /** Its own time: its total × loops less its children's. */
  selfMs: number;
}

export interface Explained {
  /** Median execution time of the runs, and the fastest. */
  execMs: number;
  minMs: number;
  planMs: number;
  /** The plan's nodes, outermost first, as one line. */
  plan: string;
  /** The same without the correlated subplans (a row's look-ups), which `(+n subplans)` counts. */
  outline: string;
  /** Time in the uncorrelated subqueries run once (a list's total), ms. */
  initPlanMs: number;
  /** Rows each relation's scans returned (× loops). */
  rowsOut: Record<string, number>;
  /** The indexes the plan reads, in plan order. */
  indexes: string[];
  sharedBlocks: number;
  /** The nodes that cost the most by their own time, most first. */
  costliest: NodeCost[];
}

const label = (n: PlanNode) => {
  const kind = n.Strategy && n['Node Type'] === 'Aggregate' ? `${n.Strategy} Aggregate` : n['Node Type'];
  if (n['Sort Method']) return `${kind}(${n['Sort Method']})`;
  if (n['Index Name']) return `${kind} ${n['Index Name']}`;
  if (n['Relation Name']) return `${kind} ${n['Relation Name']}`;
  return kind;
};

export function summarisePlan(
  root: PlanNode,
): Pick<Explained, 'plan' | 'outline' | 'initPlanMs' | 'rowsOut' | 'indexes' | 'sharedBlocks' | 'costliest'> {
  const chain: string[] = [];
  const outline: string[] = [];
  let subplans = 0;
  let initPlanMs = 0;
  const rowsOut: Record<string, number> = {};
  const indexes = new Set<string>();
  const costs: NodeCost[] = [];
  const walk = (n: PlanNode, depth: number, inSubplan = false) => {
    const line = depth ? `${'>'.repeat(depth)} ${label(n)}` : label(n);
    chain.push(line);
    const sub = inSubplan || n['Parent Relationship'] === 'SubPlan';
    if (!sub) outline.push(line);
    else if (!inSubplan) subplans++;
    if (n['Parent Relationship'] === 'InitPlan') initPlanMs += n['Actual Total Time'] * n['Actual Loops'];
    if (n['Index Name']) indexes.add(n['Index Name']);
    if (n['Relation Name'])
      rowsOut[n['Relation Name']] = (rowsOut[n['Relation Name']] ?? 0) + n['Actual Rows'] * n['Actual Loops'];
    const total = n['Actual Total Time'] * n['Actual Loops'];
    const children = (n.Plans ?? []).reduce((s, c) => s + c['Actual Total Time'] * c['Actual Loops'], 0);
    costs.push({
      node: label(n),
      rows: n['Actual Rows'],
      loops: n['Actual Loops'],
      selfMs: Math.max(0, total - children),
    });
    for (const c of n.Plans ?? []) walk(c, depth + 1, sub);
  };
  walk(root, 0);
  return {
    plan: chain.join(' '),
    outline: `${outline.join(' ')}${subplans ? ` (+${subplans} subplans)` : ''}`,
    initPlanMs,
    rowsOut,
    indexes: [...indexes],
    sharedBlocks: (root['Shared Hit Blocks'] ?? 0) + (root['Shared Read Blocks'] ?? 0),
    costliest: costs.sort((a, b) => b.selfMs - a.selfMs).slice(0, 6),
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a captured statement n times under the tenant's row-level
 * security, as the app runs it (its role and tenant setting), in a transaction rolled back after.
 */
export async function explainAnalyze(
  c: pg.Client,
  tenantId: number,
  q: CapturedQuery,
  runs: number,
): Promise<Explained> {
  await c.query(`begin; set local role factory_app; set local app.tenant_id = '${Number(tenantId)}'`);
  try {
    const exec: number[] = [];
    const planning: number[] = [];
    let last: PlanNode | undefined;
    for (let i = 0; i < Math.max(1, runs); i++) {
      const { rows } = await c.query<{
        'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }];
      }>(`explain (analyze, buffers, format json) ${q.text}`, q.values);
      const out = rows[0]['QUERY PLAN'][0];
      exec.push(out['Execution Time']);
      planning.push(out['Planning Time']);
      last = out.Plan;
    }
    return {
      execMs: median(exec),
      minMs: Math.min(...exec),
      planMs: median(planning),
      ...summarisePlan(last as PlanNode),
    };
  } finally {
    await c.query('rollback');
  }
}

/**
 * Waits until no statement of the bench database is running (the job queue's aside): autocannon
 * stops at its deadline with requests still queued in the server, and those must not run into the
 * next measurement. Gives up after 60 s.
 */
export async function settle(c: pg.Client) {
  const deadline = Date.now() + 60_000;
  let quiet = 0;
  while (quiet < 2 && Date.now() < deadline) {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state not in ('idle')
         and query not ilike '%pgboss%'`,
    );
    quiet = rows[0].n === 0 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 250));
  }
}
