/** What the progress reports offer the app. */
import type { LibraryName } from '@app/contracts';
import { defineModule, type BaseContext } from '../registration';
import { createReportsRepo } from './repo';
import { reportsRoutes } from './routes';
import { createReportsService } from './service';

/** The progress reports of one library (registered once per library, as the library itself). */
export const reportsModule = defineModule({
  name: 'reports',
  register: ({ app, db, clock, library }: BaseContext & { library: LibraryName }) =>
    reportsRoutes(
      app,
      library,
      createReportsService({ repo: createReportsRepo(db, library), clock, library }),
    ),
});
