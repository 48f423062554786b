import type { Mailer } from '../../integrations/mailer';
import type { StripeClient } from '../../integrations/stripe';
import { hashPassword } from '../../lib/password';
import { createCustomerDeleter, createSubscriptionEnder } from '../billing';
import { accountErasedByAdminEmail, type AccountEraser } from '../erasure';
import type { HistoryRecorder } from '../history';
import type { Notifier } from '../notifications';
import { defineModule, type BaseContext } from '../registration';
import { createSettingsRepo } from './repo';
import { settingsRoutes } from './routes';
import { createSettingsService } from './service';

interface SettingsContext extends BaseContext {
  history: HistoryRecorder;
  mailer: Mailer;
  notifier: Notifier;
  eraser: AccountEraser;
  stripe: StripeClient | undefined;
}

/** Configuración's members and roles: activations and refusals are told by mail, an erased member too. */
export const settingsModule = defineModule({
  name: 'settings',
  register: ({ app, db, history, mailer, notifier, eraser, stripe }: SettingsContext) =>
    settingsRoutes(
      app,
      createSettingsService({
        repo: createSettingsRepo(db, eraser),
        hashPassword,
        history,
        endSubscription: createSubscriptionEnder(stripe),
        deleteCustomer: createCustomerDeleter(stripe),
        events: {
          activated: (members) => void notifier.activated(members),
          refused: (members, reason) => void notifier.refused(members, reason),
          erased: (members) => {
            for (const member of members) {
              mailer
                .send(accountErasedByAdminEmail(member))
                .catch((err: unknown) => app.log.error({ err }, 'account-erased email could not be sent'));
            }
          },
        },
      }),
    ),
});
