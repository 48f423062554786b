/** A value of one metric and dimension on one day, as the day rows keep it. */
export interface TallyRow {
  metric: string;
  day: string;
  dimension: string;
  value: number;
}

/**
 * Counts over a run of days. Each instant is placed on its day by a binary search over the days' ends; a state
 * that starts on a day and holds until a later one is added once to a difference array, so the work grows with
 * members and changes plus days, never with their product (the first close fills years of days). Keys are
 * `metric\tdimension`.
 */
export function createDayTally(days: readonly string[], bounds: readonly { end: string }[]) {
  const ends = bounds.map((bound) => bound.end);
  const spans = new Map<string, number[]>();
  const flows = new Map<string, number[]>();
  return {
    /** The index of the day `at` falls on (days.length when after the last one). */
    dayIndex: (at: string): number => {
      let low = 0;
      let high = ends.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if ((ends[mid] ?? '') <= at) low = mid + 1;
        else high = mid;
      }
      return low;
    },
    /** Adds `value` to `key` on every day from index `from` up to, not including, `to`. */
    hold: (key: string, from: number, to: number, value: number): void => {
      if (from >= to || value === 0) return;
      const diff = spans.get(key) ?? new Array<number>(days.length + 1).fill(0);
      diff[from] = (diff[from] ?? 0) + value;
      diff[to] = (diff[to] ?? 0) - value;
      spans.set(key, diff);
    },
    /** Adds `value` to `key` on the day of index `index` alone. */
    count: (key: string, index: number, value: number): void => {
      if (value === 0 || index < 0 || index >= days.length) return;
      const counts = flows.get(key) ?? new Array<number>(days.length).fill(0);
      counts[index] = (counts[index] ?? 0) + value;
      flows.set(key, counts);
    },
    /** Every key's non-zero value per day: what was counted on the day, or what was held through it. */
    rows: (): TallyRow[] => {
      const rows: TallyRow[] = [];
      for (const [key, counts] of flows) {
        const [metric = '', dimension = ''] = key.split('\t');
        counts.forEach((value, i) => {
          if (value !== 0) rows.push({ metric, day: days[i] ?? '', dimension, value });
        });
      }
      for (const [key, diff] of spans) {
        const [metric = '', dimension = ''] = key.split('\t');
        let running = 0;
        days.forEach((day, i) => {
          running += diff[i] ?? 0;
          if (running !== 0) rows.push({ metric, day, dimension, value: running });
        });
      }
      return rows;
    },
  };
}
