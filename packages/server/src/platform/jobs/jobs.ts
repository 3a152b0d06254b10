import cronParser from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db.ts';

/** Cron expressions are read in the factory's time: "0 8 * * *" is eight in the morning there. */
export const JOB_TIME_ZONE = 'Asia/Shanghai';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

/** How a failed job is tried again: up to retryLimit times, retryDelay seconds apart (doubling with backoff). */
export interface JobOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
}

const RETRY: Required<JobOptions> = { retryLimit: 5, retryDelay: 10, retryBackoff: true };

/**
 * Work that runs outside a request, on whichever API node takes it first (pg-boss on the same
 * PostgreSQL or PGlite as the data). Every node runs `start()`; registrations made before it are
 * applied then, later ones at once.
 */
export interface Jobs {
  /** Runs handler for each job sent to `name`; a job that throws is retried (JobOptions) and stays visible. */
  work(name: string, handler: JobHandler, options?: JobOptions): Promise<void>;
  /**
   * Runs handler on the cron (JOB_TIME_ZONE) once across all nodes; a run missed while every node
   * was down runs when one starts. Handlers should be sweeps (find what is due, do it), so a run
   * that comes late or twice does no harm.
   */
  schedule(name: string, cron: string, handler: JobHandler, options?: JobOptions): Promise<void>;
  /** Queues one job now (at most one waiting per scheduled job). */
  send(name: string, data?: Record<string, unknown>): Promise<string | null>;
  /** The job and its state, attempts and error, for inspection. */
  get(name: string, id: string): Promise<PgBoss.JobWithMetadata | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobTuning {
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds?: number;
  /** How often a node checks whether a cron is due (pg-boss's default is 30 s). */
  cronMonitorIntervalSeconds?: number;
}

interface Registration {
  name: string;
  handler: JobHandler;
  options: JobOptions;
  cron?: string;
}

/** The latest time the cron fired at or before `at`. */
const slotOf = (cron: string, at: Date) =>
  cronParser
    .parseExpression(cron, { tz: JOB_TIME_ZONE, currentDate: new Date(at.getTime() + 1) })
    .prev()
    .toDate();

/** pg-boss's cron sends what fell due in the last minute; anything older only a catch-up runs. */
const CRON_WINDOW_MS = 60_000;

export function createJobs(
  db: Pick<Database, 'executeSql'>,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  tuning: JobTuning = {},
): Jobs {
  const newBoss = () => {
    const b = new PgBoss({
      db: { executeSql: (text, values) => db.executeSql(text, values) },
      schema: 'pgboss',
      cronMonitorIntervalSeconds: tuning.cronMonitorIntervalSeconds ?? 30,
      // how soon a fired cron becomes its job: no later than the next cron check
      cronWorkerIntervalSeconds: Math.min(tuning.cronMonitorIntervalSeconds ?? 5, 5),
    });
    b.on('error', (err) => log.error({ err }, '后台任务队列出错'));
    return b;
  };
  let boss = newBoss();
  const registered: Registration[] = [];
  let started = false;

  /** Records that the scheduled job ran for the slot now due (a catch-up then knows it is done). */
  const markSlot = (r: Registration) =>
    db.executeSql(
      `insert into scheduled_job (name, last_slot) values ($1, $2)
       on conflict (name) do update set last_slot = greatest(scheduled_job.last_slot, excluded.last_slot)`,
      [r.name, slotOf(r.cron as string, new Date())],
    );

  /**
   * A slot older than the cron window that the job has not run for was missed while no node was
   * up: the one node whose update advances the mark sends the run, so it happens once.
   */
  async function catchUp(r: Registration) {
    const slot = slotOf(r.cron as string, new Date());
    if (Date.now() - slot.getTime() < CRON_WINDOW_MS) return;
    const { rows } = await db.executeSql(
      `insert into scheduled_job (name, last_slot) values ($1, $2)
       on conflict (name) do update set last_slot = excluded.last_slot
       where scheduled_job.last_slot < excluded.last_slot
       returning name`,
      [r.name, slot],
    );
    if (rows.length) await boss.send(r.name, { catchUp: slot.toISOString() });
  }

  /**
   * Creates the queue unless it exists. Nodes starting together may create it at once, and
   * PostgreSQL then aborts one of them (a deadlock on pg-boss's partition tables): that one looks
   * again once the other has committed.
   */
  async function ensureQueue(queue: PgBoss.Queue) {
    for (let attempt = 1; !(await boss.getQueue(queue.name)); attempt++) {
      try {
        await boss.createQueue(queue.name, queue);
      } catch (err) {
        if (attempt === 5) throw err;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
    await boss.updateQueue(queue.name, queue);
  }

  async function apply(r: Registration) {
    // stately: at most one run of a scheduled job waits and one runs, so a backlog never piles up
    const queue = { name: r.name, policy: r.cron ? 'stately' : 'standard', ...RETRY, ...r.options } as const;
    await ensureQueue(queue);
    await boss.work<Record<string, unknown>>(
      r.name,
      { pollingIntervalSeconds: tuning.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        if (r.cron) await markSlot(r);
        try {
          await r.handler(job.data ?? {});
        } catch (err) {
          log.warn({ err, job: r.name, id: job.id }, '后台任务失败，稍后重试');
          throw err;
        }
      },
    );
    if (r.cron) {
      await boss.schedule(r.name, r.cron, {}, { tz: JOB_TIME_ZONE });
      await catchUp(r);
    }
  }

  /**
   * pg-boss creates or migrates its own schema (pgboss) here. Nodes starting together on a fresh
   * database may both try to create it, and PostgreSQL then refuses one (a duplicate in its
   * catalogue): that one starts again, with a new instance (a failed one stays half-started), and
   * finds the schema made.
   */
  async function startBoss() {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.start();
        return;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt === 3 || !(code === '23505' || code === '42P06' || code === '42P07')) throw err;
        log.warn({ err }, '后台任务队列的表正由另一节点创建，稍后重试');
        await new Promise((r) => setTimeout(r, 200 * attempt));
        boss = newBoss();
      }
    }
  }

  const register = async (r: Registration) => {
    if (registered.some((x) => x.name === r.name)) throw new Error(`job ${r.name} registered twice`);
    registered.push(r);
    if (started) await apply(r);
  };

  return {
    work: (name, handler, options = {}) => register({ name, handler, options }),
    schedule: (name, cron, handler, options = {}) => register({ name, handler, options, cron }),
    send: (name, data = {}) => boss.send(name, data),
    get: (name, id) => boss.getJobById(name, id, { includeArchive: true }),
    async start() {
      await startBoss();
      started = true;
      for (const r of registered) await apply(r);
    },
    async stop() {
      if (!started) return;
      started = false;
      // graceful: a job under way finishes (up to 10 s) before the database may close
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
