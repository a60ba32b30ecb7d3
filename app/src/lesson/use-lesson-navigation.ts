import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, type LessonDescriptor } from '../api/index.js';
import { invalidateProgress } from '../api/queries.js';
import { useApi } from '../session/session-context.js';

/**
 * Next saves progress, reads it again (so the page it leads to, the hub above all, shows it),
 * then follows linkNext; Back follows linkBack (spec, section 4).
 */
export function useLessonNavigation(
  lesson: Pick<LessonDescriptor, 'id' | 'linkBack' | 'linkNext'>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  async function next() {
    setSaving(true);
    setError(undefined);
    try {
      await api.completeLesson(lesson.id);
      // Saved either way: a catalogue that cannot be read now is read by the next page.
      await invalidateProgress(queryClient);
      void navigate(lesson.linkNext);
    } catch (caught) {
      setError(`Your progress was not saved: ${errorMessage(caught)}`);
      setSaving(false);
    }
  }

  return {
    next,
    back: () => void navigate(lesson.linkBack),
    saving,
    error,
  };
}
