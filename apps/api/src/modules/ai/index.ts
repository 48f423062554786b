/** What the AI connections module offers the app: the connections, each tool's choice, the tokens counted. */
export { carryOverToolSettings, type LegacyToolSettings } from './carry-over';
export { createAiRepo } from './repo';
export { aiModule, type AiToolContext } from './register';
export { type AiService } from './service';
export { aiToolConfig, withUsageRecorded } from './tool-config';
