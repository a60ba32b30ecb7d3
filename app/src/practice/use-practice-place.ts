import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type CourseApi, errorMessage, type PracticePlace } from '../api/index.js';
import { courseQueries, queryKeys } from '../api/queries.js';

/** Every write of the place, and every request of a next exercise, one after another. */
const PLACE_SCOPE = { id: 'practice-place' };

/**
 * Where the learner is in the Practice Portal, kept on the server: loaded when the portal opens
 * (so another device's moves show), then each move is shown at once and sent, in order.
 */
export function usePracticePlace(api: CourseApi) {
  const queryClient = useQueryClient();
  const load = useQuery(courseQueries.practicePlace(api));
  const keeping = useMutation({
    mutationFn: (place: PracticePlace) => api.keepPracticePlace(place),
    scope: PLACE_SCOPE,
  });
  const { mutate } = keeping;
  const move = useCallback(
    (place: PracticePlace) => {
      queryClient.setQueryData(queryKeys.practicePlace(), place);
      mutate(place);
    },
    [queryClient, mutate],
  );

  // "Practise what I need": the server chooses the next exercise (never the one on screen, which
  // it reads from the place kept before this request), and the place keeps it.
  const choosing = useMutation({
    mutationFn: () => api.practiceNext(),
    scope: PLACE_SCOPE,
  });
  const { mutateAsync: chooseNext } = choosing;
  const next = useCallback(() => {
    // A failure is shown from the mutation's error.
    void chooseNext()
      .then(({ kind, index, skill, reason }) => {
        const place = queryClient.getQueryData<PracticePlace>(queryKeys.practicePlace());
        if (!place) return;
        move({ ...place, current: index === null ? null : { kind, index, skill, reason } });
      })
      .catch(() => undefined);
  }, [chooseNext, move, queryClient]);

  return {
    load,
    move,
    next,
    /** The server chose an exercise kind of which every one is done. */
    allDone: choosing.data?.index === null,
    choosing: choosing.isPending,
    chooseError: choosing.error ? errorMessage(choosing.error) : undefined,
    keepError: keeping.error ? errorMessage(keeping.error) : undefined,
  };
}
