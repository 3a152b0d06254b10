import type { ReadingInput } from '@factory/shared/api/deviceParameters';
import { inArray } from 'drizzle-orm';
import { equipment, equipmentParam, ingestReadings } from '../modules/equipment/index.ts';
import { equipmentClasses } from '../modules/information/index.ts';
import type { Tx } from '../platform/db.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Days of one-minute readings the demo machines have. */
const DAYS = 3;

/** [class, code, name, unit, dataType, lower, upper, consecutive samples] */
type ParamSpec = readonly [string, string, string, string, number, number | null, number | null, number];

/** The transformer works' parameters: vacuum drying, oil filling and winding. */
const PARAMS: readonly ParamSpec[] = [
  ['真空干燥设备', 'vacuum', '真空度', 'Pa', 1, null, 133, 5],
  ['真空干燥设备', 'tankTemp', '罐温', '℃', 1, 100, 130, 5],
  ['真空注油设备', 'oilTemp', '油温', '℃', 1, 50, 75, 5],
  ['真空注油设备', 'vacuum', '真空度', 'Pa', 1, null, 133, 5],
  ['立式绕线机', 'tension', '绕线张力', 'N', 1, 60, 150, 3],
  ['立式绕线机', 'rpm', '转速', 'rpm', 0, null, 300, 3],
];

/** A small deterministic generator (mulberry32): the same curves on every start. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** One machine's values at minute i (t its instant): a curve per machine kind. */
type Curve = (i: number, t: number, noise: () => number) => ReadingInput['values'];

/** The drying tank: temperature cycling with the load around 115 ℃, vacuum held well under the limit. */
const dryer: Curve = (i, _t, noise) => ({
  tankTemp: round(115 + 8 * Math.sin((2 * Math.PI * i) / (8 * 60)) + noise() * 1.5, 1),
  vacuum: round(45 + 20 * Math.sin((2 * Math.PI * i) / (3 * 60)) + noise() * 6, 1),
});

/**
 * The oil-filling machine: oil at about 62 ℃, and one episode yesterday afternoon when the heater
 * ran away for eight minutes (76–79 ℃), which files the demo's out-of-range fault report.
 */
const oiler =
  (episodeAt: number): Curve =>
  (i, t, noise) => {
    const runaway = t >= episodeAt && t < episodeAt + 8 * MINUTE;
    return {
      oilTemp: round(
        runaway ? 76 + (t - episodeAt) / (2 * MINUTE) + noise() : 62 + 3 * Math.sin(i / 200) + noise(),
        1,
      ),
      vacuum: round(70 + 15 * Math.sin(i / 90) + noise() * 5, 1),
    };
  };

/** A vertical winder: winding through the shift, stopped for lunch and at night (speed only, 0). */
const winder =
  (speed: number): Curve =>
  (_i, t, noise): ReadingInput['values'] => {
    const hour = new Date(t + 8 * HOUR).getUTCHours();
    if (hour < 8 || hour >= 20 || hour === 12) return { rpm: 0 };
    return { rpm: Math.round(speed + noise() * 12), tension: round(110 + noise() * 10, 1) };
  };

/**
 * The parameters of the transformer works' vacuum, oil-filling and winding classes and the last
 * DAYS days of one-minute readings of four machines, written through the ingestion the MQTT feed
 * and the HTTP batch use (its alarm rule files the fault report of the oil-temperature episode).
 */
export async function seedEquipmentReadings(tx: Tx, adminId: number, now = Date.now()): Promise<void> {
  const classNames = [...new Set(PARAMS.map((p) => p[0]))];
  const classIds = new Map(
    (
      await tx
        .select({ id: equipmentClasses.id, name: equipmentClasses.name })
        .from(equipmentClasses)
        .where(inArray(equipmentClasses.name, classNames))
    ).map((c) => [c.name, c.id]),
  );
  for (const [className, code, name, unit, dataType, lowerLimit, upperLimit, alarmSamples] of PARAMS) {
    const classId = classIds.get(className);
    if (classId === undefined) continue;
    await equipmentParam.create(tx, adminId, {
      classId,
      code,
      name,
      unit,
      dataType,
      lowerLimit,
      upperLimit,
      alarmSamples,
    });
  }
  const end = Math.floor(now / MINUTE) * MINUTE;
  const start = end - DAYS * 24 * HOUR;
  // yesterday 15:20 factory time
  const episodeAt =
    Math.floor((end + 8 * HOUR) / (24 * HOUR)) * 24 * HOUR - 8 * HOUR - 24 * HOUR + 15 * HOUR + 20 * MINUTE;
  const curves: Record<string, Curve> = {
    '1#真空干燥罐': dryer,
    '1#真空注油机': oiler(episodeAt),
    '1#立式绕线机': winder(180),
    '2#立式绕线机': winder(165),
  };
  const machines = await tx
    .select({ code: equipment.code, name: equipment.name })
    .from(equipment)
    .where(inArray(equipment.name, Object.keys(curves)));
  const rng = generator(20_261_120);
  const noise = () => rng() * 2 - 1;
  const readings: ReadingInput[] = [];
  for (const m of machines) {
    const curve = curves[m.name];
    for (let i = 0, t = start; t < end; i++, t += MINUTE)
      readings.push({ equipmentCode: m.code, ts: t, values: curve(i, t, noise) });
  }
  // in time order, as a gateway sends them
  readings.sort((a, b) => a.ts - b.ts);
  for (let i = 0; i < readings.length; i += 2000) await ingestReadings(tx, readings.slice(i, i + 2000));
}
