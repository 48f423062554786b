import type { VideoService, VideoServiceStatus } from '@app/contracts';
import type { Clock } from '../../lib/clock';

/** A failure older than this, or followed by a success, is no longer reported. */
const RECENT_FAILURE_MS = 30 * 60 * 1000;

/**
 * What this server saw of the services the video tools call: whether each is configured, and its last failure
 * when no success came after it. Kept in memory: each API node reports what it saw itself, which is what an
 * administrator needs to hear (a blocked server, a refused key) and costs no write per call.
 */
export function createServiceHealth(clock: Clock, configured: Record<VideoService, boolean>) {
  const failures = new Map<VideoService, { at: Date; reason: string }>();
  return {
    succeeded(service: VideoService): void {
      failures.delete(service);
    },
    failed(service: VideoService, reason: string): void {
      failures.set(service, { at: clock.now(), reason: reason.slice(0, 300) });
    },
    /** The listed services that are not configured or failed recently, in the order given. */
    report(services: readonly VideoService[]): VideoServiceStatus[] {
      const now = clock.now().getTime();
      return services.flatMap((service): VideoServiceStatus[] => {
        if (!configured[service]) return [{ service, state: 'not-configured', reason: null, at: null }];
        const failure = failures.get(service);
        if (!failure || now - failure.at.getTime() > RECENT_FAILURE_MS) return [];
        return [{ service, state: 'failing', reason: failure.reason, at: failure.at.toISOString() }];
      });
    },
  };
}

export type ServiceHealth = ReturnType<typeof createServiceHealth>;
