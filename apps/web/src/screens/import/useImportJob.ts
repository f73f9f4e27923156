import { JOB_FINISHED } from '@takt/contracts';
import { useSpace } from '../../layouts/space-context';
import { trpc } from '../../lib/trpc';

/**
 * An import job followed while it runs (polled until it ends or waits for the user's choice), with
 * stopping it and choosing what to do with the dates the file recorded.
 */
export function useImportJob(jobId: string | null) {
  const { spaceId } = useSpace();
  const job = trpc.interchange.job.useQuery(
    { spaceId, jobId: jobId ?? '' },
    {
      enabled: jobId !== null,
      refetchInterval: (q) => {
        const state = q.state.data?.state;
        return state && (JOB_FINISHED.includes(state) || state === 'awaiting_choice') ? false : 400;
      },
    },
  );
  const stop = trpc.interchange.stop.useMutation({ onSuccess: () => void job.refetch() });
  const choose = trpc.interchange.chooseRecordedDates.useMutation({ onSuccess: () => void job.refetch() });
  return { job: job.data, stop, choose };
}

export type ImportJobControl = ReturnType<typeof useImportJob>;
