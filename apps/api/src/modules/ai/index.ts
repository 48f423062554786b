/** What the AI connections module offers the app: the connections, each tool's choice, the tokens counted. */
export { carryOverToolSettings, type LegacyToolSettings } from './carry-over';
export { createAiRepo } from './repo';
export { aiRoutes } from './routes';
export { createAiService, type AiService } from './service';
export { aiToolConfig, withUsageRecorded } from './tool-config';
