/** What the passkeys module offers the app and the other modules. */
export { createPasskeysRepo } from './repo';
export { relyingPartyOf } from './relying-party';
export { passkeysRoutes } from './routes';
export { refuseEveryPendingToken } from './second-step';
export { createPasskeysService } from './service';
