/** What the members import and export offers the app and the command line. */
import type { Mailer } from '../../integrations/mailer';
import type { HistoryRecorder } from '../history';
import { defineModule, type BaseContext } from '../registration';
import { createMembersIoRepo } from './repo';
import { membersIoRoutes } from './routes';
import { createMembersIoService } from './service';

export { createMembersIoRepo, createMembersIoService };

/** The import and export of members in Configuración. */
export const membersIoModule = defineModule({
  name: 'members-io',
  register: ({
    app,
    config,
    db,
    clock,
    history,
    mailer,
    publicUrl,
  }: BaseContext & { history: HistoryRecorder; mailer: Mailer }) =>
    membersIoRoutes(
      app,
      createMembersIoService({
        repo: createMembersIoRepo(db),
        clock,
        history,
        timeZone: config.timeZone,
        mailer,
        publicUrl,
        log: app.log,
      }),
    ),
});
