import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import path from 'node:path';

/**
 * A CPU profile of this process's main thread (where the in-process app serves; autocannon's
 * worker threads are not in it) while fn runs, for finding where a request's time goes. Writes
 * `<dir>/<name>.cpuprofile` (opens in Chrome DevTools) and answers the self time by function and
 * by where the code lives (a package, or a folder of the app's source).
 */
export interface ProfileSummary {
  file: string;
  totalMs: number;
  /** Self time of the main thread that was not idle, in ms. */
  busyMs: number;
  byFunction: { name: string; where: string; ms: number; pct: number }[];
  byPlace: { place: string; ms: number; pct: number }[];
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: node_modules/<package>, packages/<pkg>/src/<folder>, node internals. */
function placeOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.match(/\/packages\/([^/]+)\/src\/(?:([^/]+)\/)?(?:([^/]+)\/)?/);
  if (src) return ['packages', src[1], src[2], src[3]].filter(Boolean).join('/').replace(/\.ts$/, '');
  const bench = url.match(/\/bench\/(.*)$/);
  if (bench) return `bench/${bench[1]}`;
  return url;
}

export async function profileWhile<T>(
  dir: string,
  name: string,
  fn: () => Promise<T>,
): Promise<{ result: T; profile: ProfileSummary }> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let result: T;
  let profile: Profile;
  try {
    result = await fn();
  } finally {
    profile = ((await session.post('Profiler.stop')) as { profile: Profile }).profile;
    session.disconnect();
  }
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  // the profiler's own calls (its stop, which gathers the profile): not the code's
  const ownCall = (id: number) => {
    const up = parentOf.get(id);
    return up !== undefined && (byId.get(up) as ProfileNode).callFrame.url === 'node:inspector';
  };
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries())
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  const fnMs = new Map<string, { name: string; where: string; ms: number }>();
  const placeMs = new Map<string, number>();
  let busy = 0;
  for (const [id, ms] of self) {
    const f = (byId.get(id) as ProfileNode).callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)' || ownCall(id)) continue;
    busy += ms;
    const where = `${placeOf(f.url)}:${f.lineNumber + 1}`;
    const key = `${f.functionName}@${where}`;
    const e = fnMs.get(key) ?? { name: f.functionName || '(anonymous)', where, ms: 0 };
    e.ms += ms;
    fnMs.set(key, e);
    const place = f.functionName === '(garbage collector)' ? '(gc)' : placeOf(f.url);
    placeMs.set(place, (placeMs.get(place) ?? 0) + ms);
  }
  const pct = (ms: number) => Math.round((ms / Math.max(busy, 1e-9)) * 1000) / 10;
  return {
    result,
    profile: {
      file,
      totalMs: (profile.endTime - profile.startTime) / 1000,
      busyMs: busy,
      byFunction: [...fnMs.values()]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 25)
        .map((e) => ({ ...e, pct: pct(e.ms) })),
      byPlace: [...placeMs.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 20)
        .map(([place, ms]) => ({ place, ms, pct: pct(ms) })),
    },
  };
}
