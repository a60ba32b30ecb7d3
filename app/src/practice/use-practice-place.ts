import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  type CourseApi,
  errorMessage,
  type PracticeItem,
  type PracticeNextBody,
  type PracticePlace,
  type PracticeReason,
} from '../api/index.js';
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
      .then((chosen) => {
        const place = queryClient.getQueryData<PracticePlace>(queryKeys.practicePlace());
        if (!place) return;
        // Kept whole, real included: the portal shows a real chart on its own page, and the
        // server remembers the answer to the exercise kept for the skill it was chosen for.
        move({ ...place, current: itemOf(chosen) });
      })
      .catch(() => undefined);
  }, [chooseNext, move, queryClient]);

  // Practise what I need opens on the exercise the server says it has now (GET
  // api/practice/current, the call the hub's Practise next card makes), kept as the one on
  // screen: the hub and the portal show the same exercise.
  const resuming = useMutation({
    mutationFn: () => api.practiceCurrent(),
    scope: PLACE_SCOPE,
  });
  const { mutateAsync: askCurrent } = resuming;
  const resume = useCallback(() => {
    // A failure is shown from the mutation's error.
    void askCurrent()
      .then((now) => {
        const place = queryClient.getQueryData<PracticePlace>(queryKeys.practicePlace());
        const current = itemOf(now);
        if (place && !sameItem(current, place.current)) move({ ...place, current });
      })
      .catch(() => undefined);
  }, [askCurrent, move, queryClient]);

  return {
    load,
    move,
    next,
    resume,
    resumed: resuming.isSuccess,
    resumeError: resuming.error ? errorMessage(resuming.error) : undefined,
    /** The server chose an exercise kind of which every one is done. */
    allDone: (choosing.data ?? resuming.data)?.index === null,
    choosing: choosing.isPending,
    chooseError: choosing.error ? errorMessage(choosing.error) : undefined,
    keepError: keeping.error ? errorMessage(keeping.error) : undefined,
  };
}

/** The exercise a server's answer names, as the place keeps it; null when none is left. */
function itemOf(next: PracticeNextBody): PracticeItem | null {
  const { kind, index, skill, reason, reasonData, real } = next;
  if (index === null) return null;
  return {
    kind,
    index,
    skill,
    reason,
    ...(reasonData ? { reasonData } : {}),
    ...(real ? { real } : {}),
  };
}

function sameItem(a: PracticeItem | null, b: PracticeItem | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.kind === b.kind &&
    a.index === b.index &&
    a.skill === b.skill &&
    a.reason === b.reason &&
    sameReason(a.reasonData, b.reasonData) &&
    Boolean(a.real) === Boolean(b.real)
  );
}

/** Field by field: a place read back from the database need not keep its keys' order. */
function sameReason(a: PracticeReason | undefined, b: PracticeReason | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.cause === b.cause &&
    a.skill === b.skill &&
    a.kind === b.kind &&
    a.misses === b.misses &&
    a.daysAgo === b.daysAgo
  );
}
