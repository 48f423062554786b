import { randomBytes } from 'node:crypto';
import { createCobaltClient } from '../../integrations/cobalt';
import { createInstagramClient } from '../../integrations/instagram';
import { createYouTubeClient } from '../../integrations/youtube';
import type { HistoryRecorder } from '../history';
import { defineModule, type BaseContext } from '../registration';
import { createDownloadResolver } from './download';
import { videoToolsPersonalData } from './personal-data';
import { createServiceHealth } from './health';
import { instagramProvider, youtubeProvider } from './providers';
import { createVideoRepo } from './repo';
import { videoToolsRoutes } from './routes';
import { createVideoToolsService } from './service';

export { recountRecords } from './kept-counts';
/** Estadísticas' close of each day counts the saved videos and who saved them. */
export { savedVideosBetween, saversBetween } from './reads';

/** Wires the video tools (YTVideo, IGVideo) from the configuration: one repo, two providers. */
function registerVideoTools({
  app,
  config,
  db,
  clock,
  history,
}: BaseContext & { history: HistoryRecorder }): void {
  const timeoutMs = config.outgoingTimeoutMs;
  const repo = createVideoRepo(db);
  const cobalt = createCobaltClient({ ...config.cobalt, timeoutMs });
  const youtube = createYouTubeClient({ ...config.youtube, timeoutMs });
  const instagram = createInstagramClient({ ...config.instagram, timeoutMs });
  const health = createServiceHealth(clock, {
    cobalt: cobalt.configured,
    youtube: youtube.hasApiKey,
    instagram: instagram.configured,
  });
  const shared = { cobalt, clock, log: app.log, health };
  const downloads = {
    cobalt,
    instagram,
    clock,
    health,
    serviceUrls: [config.cobalt.url, config.instagram.url],
  };
  videoToolsRoutes(app, {
    youtube: createVideoToolsService({
      provider: 'youtube',
      repo,
      impl: youtubeProvider({ ...shared, youtube, random: () => randomBytes(4).toString('hex') }),
      resolveDownload: createDownloadResolver('youtube', downloads),
      health,
      services: ['cobalt', 'youtube'],
      history,
    }),
    instagram: createVideoToolsService({
      provider: 'instagram',
      repo,
      impl: instagramProvider({ ...shared, instagram }),
      resolveDownload: createDownloadResolver('instagram', downloads),
      health,
      services: ['instagram', 'cobalt'],
      history,
    }),
  });
}

/** YTVideo and IGVideo: their routes, and the saved videos they keep of each member. */
export const videoToolsModule = defineModule({
  name: 'video-tools',
  personalData: videoToolsPersonalData,
  register: registerVideoTools,
});
