/**
 * The scheduler behind the local `cron` schema (src/platform/70_cron.sql), as pg_cron's background worker: each active
 * job of cron.job runs as the superuser when its schedule comes round — five cron fields in UTC (read by cron-parser)
 * or 'N seconds' — one run of a job at a time, each recorded in cron.job_run_details. It sleeps until the next job is
 * due (no timer at all without jobs) and is woken by a NOTIFY when cron.job changes; its timer never keeps the process
 * alive, and stop() waits for the runs under way.
 */
import { CronExpressionParser } from 'cron-parser';
import type { Database } from './db.ts';

export interface CronScheduler {
  /**
   * Runs now, and waits for, every active job whose schedule includes the minute of `at` (a job of 'N seconds':
   * always), as the timer would at that time. Returns the names (or ids) of the jobs it ran.
   */
  runDue(at: Date): Promise<string[]>;
  stop(): Promise<void>;
}

interface Job {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
  username: string;
}

const SECONDS = /^\s*(\d+)\s+seconds?\s*$/i;
/** The longest sleep: a clock that jumps is caught up within this. */
const MAX_SLEEP_MS = 60 * 60_000;

/** When a job of `schedule` next runs after `after`; null for a schedule that cannot be read. */
export function nextRun(schedule: string, after: Date): Date | null {
  const seconds = SECONDS.exec(schedule);
  if (seconds) return new Date(after.getTime() + Number(seconds[1]) * 1000);
  try {
    return CronExpressionParser.parse(schedule.trim(), { currentDate: after, tz: 'UTC' }).next().toDate();
  } catch {
    return null;
  }
}

/** Whether `schedule` is due in the minute of `at`. */
export function dueAt(schedule: string, at: Date): boolean {
  if (SECONDS.test(schedule)) return true;
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  return nextRun(schedule, new Date(minute.getTime() - 1))?.getTime() === minute.getTime();
}

/** Starts the scheduler, when the database has the local `cron` schema (not where pg_cron itself runs). */
export async function startCron(
  db: Database,
  now: () => Date = () => new Date(),
): Promise<CronScheduler | null> {
  const local = await db.query<{ local: boolean }>(`select to_regproc('cron._wake') is not null as local`);
  if (!local.rows[0]?.local) return null;

  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  /** Each active job's next run, kept while its schedule is unchanged. */
  const next = new Map<string, { job: Job; at: Date | null }>();
  const running = new Map<string, Promise<void>>();

  async function run(job: Job): Promise<void> {
    const busy = running.get(job.jobid);
    if (busy) return busy;
    const done = (async () => {
      const started = await db.query<{ runid: string }>(
        `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
         values ($1, pg_backend_pid(), current_database(), $2, $3, 'running', now()) returning runid`,
        [job.jobid, job.username, job.command],
      );
      const runid = started.rows[0]!.runid;
      let status = 'succeeded';
      let message = '';
      try {
        await db.exec(job.command);
      } catch (err) {
        status = 'failed';
        message = err instanceof Error ? err.message : String(err);
      }
      await db.query(
        `update cron.job_run_details set status = $2, return_message = $3, end_time = now() where runid = $1`,
        [runid, status, message],
      );
    })()
      .catch((err: unknown) => {
        if (!stopped) console.error('[local-supabase] cron:', err);
      })
      .finally(() => running.delete(job.jobid));
    running.set(job.jobid, done);
    return done;
  }

  async function activeJobs(): Promise<Job[]> {
    return (
      await db.query<Job>(
        `select jobid::text as jobid, jobname, schedule, command, username from cron.job where active order by jobid`,
      )
    ).rows;
  }

  function arm(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped) return;
    const times = [...next.values()].flatMap((n) => (n.at ? [n.at.getTime()] : []));
    if (!times.length) return;
    const wait = Math.min(Math.max(0, Math.min(...times) - now().getTime()), MAX_SLEEP_MS);
    timer = setTimeout(() => void fire(), wait);
    timer.unref();
  }

  async function fire(): Promise<void> {
    timer = null;
    const at = now();
    for (const entry of next.values()) {
      if (!entry.at || entry.at.getTime() > at.getTime()) continue;
      entry.at = nextRun(entry.job.schedule, at);
      void run(entry.job);
    }
    arm();
  }

  let loading: Promise<void> = Promise.resolve();
  /** Reads cron.job again (at start and whenever it changes), keeping the next run of unchanged jobs. */
  const reload = (): Promise<void> =>
    (loading = loading.then(async () => {
      if (stopped) return;
      try {
        const jobs = await activeJobs();
        const seen = new Set<string>();
        const at = now();
        for (const job of jobs) {
          seen.add(job.jobid);
          const had = next.get(job.jobid);
          if (had && had.job.schedule === job.schedule) had.job = job;
          else {
            const when = nextRun(job.schedule, at);
            if (!when)
              console.error(
                `[local-supabase] cron: job ${job.jobname ?? job.jobid}: cannot read schedule '${job.schedule}'`,
              );
            next.set(job.jobid, { job, at: when });
          }
        }
        for (const id of next.keys()) if (!seen.has(id)) next.delete(id);
        arm();
      } catch (err) {
        if (!stopped) console.error('[local-supabase] cron:', err);
      }
    }));

  const unlisten = await db.listen('local_supabase_cron', () => void reload());
  await reload();

  return {
    async runDue(at) {
      const jobs = (await activeJobs()).filter((j) => dueAt(j.schedule, at));
      await Promise.all(jobs.map((j) => run(j)));
      return jobs.map((j) => j.jobname ?? j.jobid);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await unlisten().catch(() => undefined);
      await loading;
      await Promise.all(running.values());
    },
  };
}
