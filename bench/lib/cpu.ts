import fs from 'node:fs';
import type pg from 'pg';

/**
 * CPU time spent, not wall time: on a machine shared with other work a request's latency says
 * more about the neighbours than about the code, but the CPU its server thread and its database
 * backends burned does not. Linux only (reads /proc; elsewhere every figure is 0).
 */

/** USER_HZ: /proc counts CPU time in ticks of 10 ms on Linux. */
const TICK_MS = 10;

function cpuMsOf(statPath: string): number | undefined {
  try {
    const stat = fs.readFileSync(statPath, 'utf8');
    // fields after "pid (comm) ": state is the 3rd field, utime the 14th, stime the 15th
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** CPU ms of this process's main thread (where in-process servers run, not autocannon's workers). */
export const mainThreadCpuMs = () => cpuMsOf(`/proc/self/task/${process.pid}/stat`) ?? 0;

async function backends(c: pg.Client): Promise<Map<number, number>> {
  const { rows } = await c.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const out = new Map<number, number>();
  for (const r of rows) {
    const ms = cpuMsOf(`/proc/${r.pid}/stat`);
    if (ms !== undefined) out.set(r.pid, ms);
  }
  return out;
}

export interface CpuSpent {
  /** CPU ms of this process's main thread. */
  threadMs: number;
  /** CPU ms of the database's backends (connected at the end; a new one counted from its start). */
  dbMs: number;
}

/**
 * Starts counting: the answer stops and tells the CPU spent since by this process's main thread
 * and by the backends of the bench database (PostgreSQL on this machine; `c` itself left out).
 */
export async function cpuMeter(c: pg.Client): Promise<() => Promise<CpuSpent>> {
  const thread0 = mainThreadCpuMs();
  const db0 = await backends(c);
  return async () => {
    const threadMs = mainThreadCpuMs() - thread0;
    let dbMs = 0;
    for (const [pid, ms] of await backends(c)) dbMs += ms - (db0.get(pid) ?? 0);
    return { threadMs, dbMs };
  };
}
