import type { GridLoadMetrics } from '@takt/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ScheduleModel } from '../../../lib/columnar';
import { decodeOffMainThread, startDecodeWorker } from '../../../lib/columnar-decode';
import { fetchBinaryPayload } from '../../../lib/payload-fetch';

/** Load timings of the last version opened, read by the web benchmark. */
declare global {
  interface Window {
    __taktGrid?: GridLoadMetrics;
  }
}

/**
 * Loads a version's columnar payload and decodes it once into typed arrays, on the decode worker
 * (started before the request, so it is ready when the bytes arrive).
 */
export function usePayload(spaceId: string, versionId: string | undefined) {
  return useQuery({
    queryKey: ['schedule-payload', spaceId, versionId],
    enabled: !!versionId,
    structuralSharing: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<ScheduleModel> => {
      const started = performance.now();
      startDecodeWorker();
      const bytes = await fetchBinaryPayload(spaceId, versionId!);
      const received = performance.now();
      const { model, decodeMs } = await decodeOffMainThread(bytes);
      const decoded = performance.now();
      // the benchmark's timings, published only in builds with probes
      if (__TAKT_PROBES__)
        window.__taktGrid = {
          works: model.count,
          startedAt: started,
          queryMs: received - started,
          decodeMs: decoded - received,
          decoderMs: decodeMs,
          loadMs: decoded - started,
        };
      return model;
    },
  });
}
