import type { GridLoadMetrics } from '@takt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import { decodeOffMainThread, startDecodeWorker } from '../../../lib/columnar-decode';
import { fetchBinaryPayload } from '../../../lib/payload-fetch';
import { type LoadedPayload, takeEarlyPayload } from './early-load';

/** Load timings of the last version opened, read by the web benchmark. */
declare global {
  interface Window {
    __taktGrid?: GridLoadMetrics;
  }
}

/**
 * Loads a version's columnar payload and decodes it once into typed arrays, on the decode worker
 * (started before the request, so it is ready when the bytes arrive). A `guess` (the version opened
 * last, before the version list answers) fails quietly; if the list then names that very version, it
 * is loaded again, and a failure then is shown.
 */
export function usePayload(spaceId: string, versionId: string | undefined, guess = false) {
  const failedGuess = useRef<string | null>(null);
  const query = useQuery({
    queryKey: ['schedule-payload', spaceId, versionId],
    enabled: !!versionId,
    structuralSharing: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<ScheduleModel> => {
      const started = performance.now();
      startDecodeWorker();
      const fetched = async (): Promise<LoadedPayload> => {
        const bytes = await fetchBinaryPayload(spaceId, versionId!, guess).catch((error: unknown) => {
          if (guess) failedGuess.current = versionId!;
          throw error;
        });
        const receivedAt = performance.now();
        return { ...(await decodeOffMainThread(bytes)), startedAt: started, receivedAt };
      };
      // requested (and decoded) at start-up when the page was opened by its address; asked again if that failed
      const early = takeEarlyPayload(spaceId, versionId!);
      const { model, decodeMs, startedAt, receivedAt } = await (early ? early.catch(fetched) : fetched());
      const decoded = performance.now();
      // the benchmark's timings, published only in builds with probes
      if (__TAKT_PROBES__)
        window.__taktGrid = {
          works: model.count,
          startedAt,
          queryMs: receivedAt - startedAt,
          decodeMs: decoded - receivedAt,
          decoderMs: decodeMs,
          loadMs: decoded - startedAt,
        };
      return model;
    },
  });
  const { isError, refetch } = query;
  useEffect(() => {
    if (guess || !isError || failedGuess.current !== versionId) return;
    failedGuess.current = null;
    void refetch();
  }, [guess, isError, versionId, refetch]);
  return query;
}
