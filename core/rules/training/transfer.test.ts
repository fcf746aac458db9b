import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Movement, Workout, WorkoutInput } from '../../contract/types';
import { IMPORT_KEY_PATTERN } from '../../limits';
import { BACK_SQUAT, BOX_JUMP, DEADLIFT, kg, lb, lift, set, wod } from './fixtures.test-support';
import {
  EXPORT_COLUMNS, guessMapping, importKey, numberRepeats, planImport, readDate, repSchemeOf, unitsFromHeader, workoutKeySource, workoutsToJson, workoutsToRows,
  type ColumnMapping, type CsvRow, type ImportOptions,
} from './transfer';

const MOVEMENTS: Movement[] = [BACK_SQUAT, BOX_JUMP, DEADLIFT];
const ZONE = 'Pacific/Auckland';

/** CSV text as the export writes it and the import screen reads it (papaparse both ways). */
function roundTrip(workouts: Workout[]): { headers: string[]; rows: CsvRow[] } {
  const csv = Papa.unparse(workoutsToRows(workouts), { columns: [...EXPORT_COLUMNS] });
  const parsed = Papa.parse<CsvRow>(csv, { header: true, skipEmptyLines: 'greedy' });
  expect(parsed.errors).toEqual([]);
  return { headers: parsed.meta.fields ?? [], rows: parsed.data };
}

function options(mapping: ColumnMapping, over: Partial<ImportOptions> = {}): ImportOptions {
  return { mapping, movements: MOVEMENTS, defaultWeightUnits: 'kilograms', timeZone: ZONE, ...over };
}

/** What a member entered for a workout: the fields an import makes. */
function entered(workout: Workout): WorkoutInput {
  if (workout.type === 'lift') {
    return { type: 'lift', name: workout.name, completed_at: workout.completed_at, notes: workout.notes, movement_id: workout.movement.id, rep_scheme: workout.rep_scheme, sets: workout.sets };
  }
  const { type, name, completed_at, notes, scoring, score_time, score_rounds, score_repetitions, score_distance, score_load, score_load_units, score_calories, score_tabata, score_total, as_prescribed } = workout;
  return { type, name, completed_at, notes, scoring, score_time, score_rounds, score_repetitions, score_distance, score_load, score_load_units, score_calories, score_tabata, score_total, as_prescribed };
}

const LOG: Workout[] = [
  lift({ id: 1, name: 'Heavy squats', completed_at: '2026-11-20T07:00:00.000Z', notes: 'Belt on, "tight", fast', rep_scheme: '5-3-1', sets: [set(1, 5, kg(100)), set(2, 3, kg(110)), set(3, 1, kg(120.5))] }),
  lift({ id: 2, name: 'Box jump', completed_at: '2026-11-21T07:00:00.000Z', movement: BOX_JUMP, rep_scheme: '3x5', sets: [1, 2, 3].map((p) => ({ position: p, repetitions: 5, movement_id: BOX_JUMP.id, values: { height: { value: 60, units: 'centimetres' } } })) }),
  lift({ id: 3, name: 'Deadlift', completed_at: '2026-11-21T07:30:00.000Z', movement: DEADLIFT, notes: 'line one\nline two, with a comma', rep_scheme: '2x3', sets: [set(1, 3, lb(315), DEADLIFT.id), set(2, 3, lb(315), DEADLIFT.id)] }),
  wod({ id: 4, name: 'Fran', completed_at: '2026-11-19T06:00:00.000Z', scoring: 'for_time', score_time: 305, as_prescribed: true, notes: 'Unbroken' }),
  wod({ id: 5, name: 'Grace, scaled', completed_at: '2026-11-22T06:00:00.000Z', scoring: 'for_load', score_load: 40, score_load_units: 'kilograms', as_prescribed: false }),
];

describe('CSV round trip', () => {
  it('export -> CSV text -> parse -> the same workouts', () => {
    const { headers, rows } = roundTrip(LOG);
    expect(headers).toEqual([...EXPORT_COLUMNS]);
    const mapping = guessMapping(headers);
    expect(mapping).toEqual({ date: 'date', movement: 'movement', set: 'set', reps: 'reps', weight: 'weight', weightUnit: 'weight_units', notes: 'notes' });
    const plan = planImport(rows, options(mapping));
    expect(plan.errors).toEqual([]);
    expect(plan.unknown).toEqual([]);
    const oldestFirst = [...LOG].sort((a, b) => a.completed_at.localeCompare(b.completed_at));
    expect(plan.workouts.map((w) => w.input)).toEqual(oldestFirst.map(entered));
  });

  it('the rows exported from a workout have the key source of that workout (a re-import of the own export is recognised)', () => {
    const { headers, rows } = roundTrip(LOG);
    const plan = planImport(rows, options(guessMapping(headers)));
    const sources = new Set(LOG.map(workoutKeySource));
    expect(plan.workouts.every((w) => sources.has(w.keySource))).toBe(true);
  });

  it('two lifts of one movement logged in the same minute stay two, with their own keys, as the log numbers them', () => {
    const twice = [
      lift({ id: 7, name: 'Squat', completed_at: '2026-11-23T07:00:00.000Z', rep_scheme: '1x5', sets: [set(1, 5, kg(100))] }),
      lift({ id: 8, name: 'Squat', completed_at: '2026-11-23T07:00:00.000Z', rep_scheme: '1x5', sets: [set(1, 5, kg(100))] }),
      lift({ id: 9, name: 'Squat', completed_at: '2026-11-23T07:00:00.000Z', rep_scheme: '1x3', sets: [set(1, 3, kg(110))] }),
    ];
    const { headers, rows } = roundTrip(twice);
    const plan = planImport(rows, options(guessMapping(headers)));
    expect(plan.workouts.map((w) => w.input)).toEqual(twice.map(entered));
    const keys = plan.workouts.map((w) => w.keySource);
    expect(new Set(keys).size).toBe(3);
    expect(keys).toEqual(numberRepeats(twice.map(workoutKeySource)));
  });

  it('writes one row per set and one per WOD, oldest first', () => {
    const rows = workoutsToRows(LOG);
    expect(rows).toHaveLength(3 + 3 + 2 + 1 + 1);
    expect(rows[0]).toMatchObject({ type: 'wod', name: 'Fran', score_time: '305', as_prescribed: 'true', movement: '' });
    expect(rows[1]).toMatchObject({ type: 'lift', movement: 'Back squat', set: '1', reps: '5', weight: '100', weight_units: 'kilograms', rep_scheme: '5-3-1' });
  });

  it('JSON export holds every workout in the wire shape', () => {
    const doc = JSON.parse(workoutsToJson(LOG, new Date('2026-11-25T00:00:00Z'))) as { version: number; workouts: Workout[] };
    expect(doc.version).toBe(1);
    expect(doc.workouts.map((w) => w.id)).toEqual([4, 1, 2, 3, 5]);
  });
});

describe('column guessing and other trackers', () => {
  const STRONG = [
    'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
    '2023-01-15 10:30:00,Leg day,1h,Squat (Barbell),1,100,5,0,0,,,',
    '2023-01-15 10:30:00,Leg day,1h,Squat (Barbell),2,105,5,0,0,felt good,,',
    '2023-01-15 10:30:00,Leg day,1h,Deadlift,1,140,3,0,0,,,',
    '2023-01-17 18:00:00,Pull,1h,Pull Up,1,0,8,0,0,,,',
  ].join('\n');
  const HEVY = [
    'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe',
    'Push,"15 Jan 2023, 10:30","15 Jan 2023, 11:30",,Back Squat,,,1,normal,62.5,5,,,',
    'Push,"15 Jan 2023, 10:30","15 Jan 2023, 11:30",,Back Squat,,,0,warmup,40,8,,,',
  ].join('\n');
  const parse = (csv: string) => Papa.parse<CsvRow>(csv, { header: true, skipEmptyLines: 'greedy' });

  it('Strong: guessed columns, sets grouped by date and exercise, unknown exercises listed and skipped', () => {
    const parsed = parse(STRONG);
    const mapping = guessMapping(parsed.meta.fields!);
    expect(mapping).toEqual({ date: 'Date', movement: 'Exercise Name', set: 'Set Order', reps: 'Reps', weight: 'Weight', weightUnit: null, notes: 'Notes' });
    const plan = planImport(parsed.data, options(mapping));
    expect(plan.unknown).toEqual([{ name: 'Squat (Barbell)', rows: 2 }, { name: 'Pull Up', rows: 1 }]);
    expect(plan.workouts).toHaveLength(1);
    expect(plan.workouts[0]!.input).toMatchObject({ type: 'lift', name: 'Deadlift', movement_id: DEADLIFT.id, completed_at: '2023-01-14T21:30:00.000Z', rep_scheme: '1x3', sets: [set(1, 3, kg(140), DEADLIFT.id)] });
  });

  it('Strong: an exercise mapped by hand joins, one chosen as skipped is counted, default units in pounds', () => {
    const parsed = parse(STRONG);
    const choices = new Map<string, number | null>([['squat (barbell)', BACK_SQUAT.id], ['pull up', null]]);
    const plan = planImport(parsed.data, options(guessMapping(parsed.meta.fields!), { choices, defaultWeightUnits: 'pounds' }));
    expect(plan.unknown).toEqual([]);
    expect(plan.skippedRows).toBe(1);
    const squat = plan.workouts.find((w) => w.input.type === 'lift' && w.input.movement_id === BACK_SQUAT.id)!;
    expect(squat.input).toMatchObject({ name: 'Back squat', notes: 'felt good', rep_scheme: '2x5', sets: [set(1, 5, lb(100)), set(2, 5, lb(105))] });
    expect(squat.source).toBe('Squat (Barbell)');
  });

  it('Hevy: start_time, exercise_title, 0-based set_index and weight_kg; a warm-up set is left out and counted', () => {
    const parsed = parse(HEVY);
    const mapping = guessMapping(parsed.meta.fields!);
    expect(mapping).toEqual({ date: 'start_time', movement: 'exercise_title', set: 'set_index', reps: 'reps', weight: 'weight_kg', weightUnit: null, notes: 'exercise_notes' });
    expect(unitsFromHeader(mapping.weight)).toBe('kilograms');
    const plan = planImport(parsed.data, options(mapping, { defaultWeightUnits: 'pounds' }));
    expect(plan.errors).toEqual([]);
    expect(plan.warmupRows).toBe(1);
    expect(plan.workouts[0]!.input).toMatchObject({ completed_at: '2023-01-14T21:30:00.000Z', sets: [set(1, 5, kg(62.5))], rep_scheme: '1x5' });
  });

  it('Hevy in pounds: weight_lbs; warm-ups never become sets, so never records, even the heaviest', () => {
    const parsed = parse([
      'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_lbs,reps,distance_miles,duration_seconds,rpe',
      'Legs,"5 Mar 2024, 18:12","5 Mar 2024, 19:00",,Back Squat,,,0,warmup,135,5,,,',
      'Legs,"5 Mar 2024, 18:12","5 Mar 2024, 19:00",,Back Squat,,,1,normal,225,5,,,',
      'Legs,"5 Mar 2024, 18:12","5 Mar 2024, 19:00",,Back Squat,,,2,failure,235,3,,,',
      'Legs,"5 Mar 2024, 18:12","5 Mar 2024, 19:00",,Deadlift,,,0,warmup,405,1,,,',
    ].join('\n'));
    const mapping = guessMapping(parsed.meta.fields!);
    expect(mapping.weight).toBe('weight_lbs');
    const plan = planImport(parsed.data, options(mapping));
    expect(plan.warmupRows).toBe(2);
    expect(plan.errors).toEqual([]);
    // The deadlift had only a warm-up: no workout of it at all.
    expect(plan.workouts.map((w) => w.input)).toEqual([expect.objectContaining({ movement_id: BACK_SQUAT.id, sets: [set(1, 5, lb(225)), set(2, 3, lb(235))] })]);
  });

  it('Strong’s older files: semicolons between cells, a decimal comma, the 24-hour clock', () => {
    const parsed = parse([
      'Date;Workout Name;Exercise Name;Set Order;Weight;Reps;Distance;Seconds;Notes;Workout Notes',
      '2019-03-05 18:12:40;Evening;Deadlift;1;102,5;3;0;0;;',
      '2019-03-05 18:12:40;Evening;Deadlift;2;110;3;0;0;last one;',
    ].join('\n'));
    expect(parsed.meta.delimiter).toBe(';');
    const plan = planImport(parsed.data, options(guessMapping(parsed.meta.fields!)));
    expect(plan.errors).toEqual([]);
    expect(plan.workouts[0]!.input).toMatchObject({ notes: 'last one', sets: [set(1, 3, kg(102.5), DEADLIFT.id), set(2, 3, kg(110), DEADLIFT.id)] });
  });

  it('Strong today: a 12-hour clock with a narrow no-break space before PM, and "W" for a warm-up set', () => {
    const parsed = parse([
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
      '2024-03-05 6:12:40\u202fPM,Evening,45m,Deadlift,W,60,5,0,0,,,',
      '2024-03-05 6:12:40\u202fPM,Evening,45m,Deadlift,1,140,3,0,0,,,',
      '2024-03-05 6:12:40\u202fPM,Evening,45m,Deadlift,2,150,2,0,0,,,',
    ].join('\n'));
    const plan = planImport(parsed.data, options(guessMapping(parsed.meta.fields!)));
    expect(plan.errors).toEqual([]);
    expect(plan.warmupRows).toBe(1);
    expect(plan.workouts).toHaveLength(1);
    expect(plan.workouts[0]!.input).toMatchObject({ completed_at: readDate('2024-03-05 18:12:40', ZONE)!.iso, sets: [set(1, 3, kg(140), DEADLIFT.id), set(2, 2, kg(150), DEADLIFT.id)] });
  });

  it('units: a unit column wins over the header and the default; pounds headers', () => {
    expect(unitsFromHeader('Weight (lbs)')).toBe('pounds');
    expect(unitsFromHeader('Weight')).toBeNull();
    const rows: CsvRow[] = [{ d: '2026-01-02', m: 'back squat', r: '5', w: '225', u: 'LBS' }, { d: '2026-01-02', m: 'Back Squat', r: '5', w: '100', u: 'kg' }];
    const mapping: ColumnMapping = { date: 'd', movement: 'm', set: null, reps: 'r', weight: 'w', weightUnit: 'u', notes: null };
    const plan = planImport(rows, options(mapping));
    expect(plan.workouts).toHaveLength(1);
    expect(plan.workouts[0]!.input).toMatchObject({ completed_at: '2026-01-01T23:00:00.000Z', sets: [set(1, 5, lb(225)), set(2, 5, kg(100))] });
  });
});

describe('bad rows', () => {
  const mapping: ColumnMapping = { date: 'date', movement: 'movement', set: null, reps: 'reps', weight: 'weight', weightUnit: 'units', notes: 'notes' };
  const row = (over: Partial<CsvRow>): CsvRow => ({ date: '2026-03-02 06:00', movement: 'Back squat', reps: '5', weight: '100', units: 'kg', ...over });

  it('each bad row is reported by its file line with the value, and the good rows are still imported', () => {
    const rows = [
      row({}),
      row({ date: 'yesterday' }),
      row({ reps: '0' }),
      row({ reps: 'five' }),
      row({ weight: '-5' }),
      row({ units: 'stone' }),
      row({ movement: '' }),
      row({ movement: 'Box jump', weight: '20' }),
      row({ date: '2026-02-31' }),
      row({}),
      { ...row({}), notes: 'bell \u0007 rung' },
    ];
    const plan = planImport(rows, options(mapping));
    expect(plan.errors).toEqual([
      { line: 3, problem: 'date', value: 'yesterday' },
      { line: 4, problem: 'reps', value: '0' },
      { line: 5, problem: 'reps', value: 'five' },
      { line: 6, problem: 'weight', value: '-5' },
      { line: 7, problem: 'units', value: 'stone' },
      { line: 8, problem: 'movement', value: '' },
      { line: 9, problem: 'noWeight', value: 'Box jump' },
      { line: 10, problem: 'date', value: '2026-02-31' },
      { line: 12, problem: 'text', value: '' },
    ]);
    expect(plan.workouts).toHaveLength(1);
    expect(plan.workouts[0]!.lines).toEqual([2, 11]);
    // Every row is accounted for: imported, reported or listed as unknown.
    expect(plan.workouts[0]!.lines.length + plan.errors.length).toBe(rows.length);
  });

  it('a bodyweight set written with weight 0 imports without a weight', () => {
    const plan = planImport([row({ movement: 'Box jump', weight: '0' })], options(mapping));
    expect(plan.errors).toEqual([]);
    expect(plan.workouts[0]!.input).toMatchObject({ sets: [{ position: 1, repetitions: 5, values: {} }] });
  });

  it('more sets than a lift holds: the group is reported, not cut', () => {
    const plan = planImport(Array.from({ length: 51 }, () => row({})), options(mapping));
    expect(plan.workouts).toEqual([]);
    expect(plan.errors).toHaveLength(51);
    expect(plan.errors[0]!.problem).toBe('tooManySets');
  });

  it('a WOD row with an unknown scoring is reported', () => {
    const plan = planImport([{ type: 'wod', date: '2026-03-02T06:00:00Z', name: 'Fran', scoring: 'fastest' }], options(mapping));
    expect(plan.errors).toEqual([{ line: 2, problem: 'scoring', value: 'fastest' }]);
  });
});

describe('import keys', () => {
  it('do not depend on the time zone of the device for dates without an offset, nor on row order within a set order', async () => {
    expect(readDate('2023-01-15 10:30:00', 'UTC')!.key).toBe(readDate('2023-01-15T10:30', ZONE)!.key);
    expect(readDate('15 Jan 2023, 10:30', ZONE)!.key).toBe('2023-01-15T10:30:00');
    expect(readDate('2023-01-15', ZONE)).toEqual({ key: '2023-01-15T12:00:00', iso: '2023-01-14T23:00:00.000Z' });
    expect(readDate('2023-01-15T10:30:00+02:00', ZONE)).toEqual({ key: '2023-01-15T08:30:00.000Z', iso: '2023-01-15T08:30:00.000Z' });
    // Strong's 12-hour clock names the same moment as its older 24-hour files: one key.
    expect(readDate('2024-03-05 6:12:40\u202fPM', ZONE)).toEqual(readDate('2024-03-05 18:12:40', ZONE));
    expect(readDate('2024-03-05 6:12:40 pm', ZONE)!.key).toBe('2024-03-05T18:12:40');
    expect(readDate('2024-03-05 12:05:00\u00a0AM', ZONE)!.key).toBe('2024-03-05T00:05:00');
    expect(readDate('2024-03-05 12:30 p.m.', ZONE)!.key).toBe('2024-03-05T12:30:00');
    expect(readDate('2024-03-05 13:00 PM', ZONE)).toBeNull();
    expect(readDate('2024-03-05 0:30 AM', ZONE)).toBeNull();
  });

  it('are the hex SHA-256 of the normalised rows; the same rows give the same key, other sets another', async () => {
    const mapping = guessMapping(['date', 'movement', 'set', 'reps', 'weight']);
    const plan = (weight: string) => planImport([{ date: '2026-03-02', movement: 'BACK SQUAT ', set: '1', reps: '5', weight }], options(mapping));
    const [a, b, c] = await Promise.all([importKey(plan('100').workouts[0]!.keySource), importKey(plan('100').workouts[0]!.keySource), importKey(plan('100.5').workouts[0]!.keySource)]);
    expect(a).toMatch(IMPORT_KEY_PATTERN);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(plan('100').workouts[0]!.keySource).toBe('v1|lift|2026-03-02T12:00:00|back squat|1:5:weight=100kilograms');
  });

  it('rep scheme: NxR when every set is alike, else the reps in order', () => {
    expect(repSchemeOf([set(1, 5), set(2, 5)])).toBe('2x5');
    expect(repSchemeOf([set(1, 5), set(2, 3), set(3, 1)])).toBe('5-3-1');
  });
});
