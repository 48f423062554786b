/** What the sessions module offers the app: the account's own open sessions. */
import { defineModule, type BaseContext } from '../registration';
import { sessionsPersonalData } from './personal-data';
import { createSessionsRepo } from './repo';
import { sessionsRoutes } from './routes';
import { createSessionsService } from './service';

/** Seguridad's list of the account's open sessions, and the sessions it keeps of each member. */
export const sessionsModule = defineModule({
  name: 'sessions',
  personalData: sessionsPersonalData,
  register: ({ app, db, clock }: BaseContext) =>
    sessionsRoutes(app, createSessionsService({ repo: createSessionsRepo(db), clock })),
});
