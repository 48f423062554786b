import type { AppDatabase } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { dayOf } from './days';
import { createStatsRepo } from './repo';

/**
 * Counts the uses of a tool that leaves no row of its own: one counter row per day, tool and member, added to
 * in one statement with the use, so two nodes counting at once both count.
 */
export function createToolUseCounter({
  database,
  clock,
  timeZone,
}: {
  database: AppDatabase;
  clock: Clock;
  timeZone: string;
}) {
  const repo = createStatsRepo(database);
  return (tool: string, userId: number): Promise<void> =>
    repo.countToolUse(dayOf(clock.now(), timeZone), tool, userId);
}
