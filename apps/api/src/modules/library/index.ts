/** What the library module offers: its routes, and the reads of its marks for reports and Estadísticas. */
import type { LibraryName } from '@app/contracts';
import type { HistoryRecorder } from '../history';
import { defineModule, type BaseContext } from '../registration';
import { libraryPersonalData } from './personal-data';
import { createLibraryRepo } from './repo';
import { libraryRoutes } from './routes';
import { createLibraryService } from './service';

export { recountLibrary } from './kept-counts';
export { datePastCompletions } from './completion-dates';
export { classViewers, completionsBetween, hasClass, type ClassViewers } from './reads';
export {
  categoryTotals,
  completionsPerCategory,
  memberCompletionPage,
  videoCompletionPage,
  videoCount,
  type CompletionOrder,
} from './report-reads';

/** One video library (registered once for Membresía, once for Cafelito Virtual): its routes. */
export const libraryModule = defineModule({
  name: 'library',
  personalData: libraryPersonalData,
  register: ({
    app,
    db,
    clock,
    history,
    library,
  }: BaseContext & { history: HistoryRecorder; library: LibraryName }) =>
    libraryRoutes(
      app,
      library,
      createLibraryService({ repo: createLibraryRepo(db, library), clock, library, history }),
    ),
});
