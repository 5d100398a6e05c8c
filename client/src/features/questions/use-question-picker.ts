// The question picker's state (docs/decisions/0028-questions-by-life-stage.md): three questions from the server,
// "Show me others" (the ids already shown go back as `exclude`, and the list starts again once the server says it
// came round), "Not for me" (dismissed for good), and choosing one (its chapter goes into the editor first, then the
// server is told, so that it is not offered again). "Keep for later" puts a question first next time. A question the
// family asked (docs/decisions/0032-the-family-asks.md) is handled the same way, by its own id.
import { useState } from 'react';
import { MAX_EXCLUDED_QUESTIONS, type SuggestedQuestion } from '#contract/questions';
import { useIntl } from 'react-intl';
import { trpc } from '../../lib/trpc';

export function useQuestionPicker(open: boolean) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [exclude, setExclude] = useState<string[]>([]);
  const suggest = trpc.questions.suggest.useQuery({ exclude }, { enabled: open, staleTime: 0, placeholderData: (previous) => previous });
  const shown = suggest.data?.questions ?? [];
  const [announcement, setAnnouncement] = useState('');
  const refreshLife = () => void utils.questions.lifeSoFar.invalidate();

  const dismiss = trpc.questions.dismiss.useMutation({
    onSuccess: () => {
      setAnnouncement(
        intl.formatMessage({ id: 'questions.said.dismissed', defaultMessage: 'Question set aside. It will not be offered again.' }),
      );
      return utils.questions.suggest.invalidate();
    },
  });
  const later = trpc.questions.later.useMutation({
    onSuccess: () => {
      setAnnouncement(
        intl.formatMessage({ id: 'questions.said.kept', defaultMessage: 'Question kept for later. It will be offered first.' }),
      );
      return utils.questions.suggest.invalidate();
    },
  });
  const answer = trpc.questions.answer.useMutation({
    onSuccess: () => {
      refreshLife();
      // The next time the picker opens it starts afresh, without the question chosen.
      setExclude([]);
      return utils.questions.suggest.invalidate();
    },
  });

  const showOthers = () => {
    const ids = shown.map((q) => q.id);
    setExclude((previous) => (suggest.data?.wrapped ? ids : [...previous, ...ids]).slice(-MAX_EXCLUDED_QUESTIONS));
    setAnnouncement(
      shown.length > 1 ? intl.formatMessage({ id: 'questions.said.others', defaultMessage: 'Other questions are shown.' }) : '',
    );
  };

  return {
    questions: shown,
    loading: suggest.isPending,
    failed: suggest.isError && !suggest.data,
    retry: () => void suggest.refetch(),
    fetching: suggest.isFetching,
    showOthers,
    dismiss: (q: SuggestedQuestion) => dismiss.mutate({ id: q.id }),
    dismissing: dismiss.isPending ? dismiss.variables?.id : undefined,
    dismissFailed: dismiss.isError || later.isError,
    /** "Keep for later": offered first from now on (marked "Kept for later"). */
    keep: (q: SuggestedQuestion) => later.mutate({ id: q.id }),
    keeping: later.isPending ? later.variables?.id : undefined,
    /** Records the choice (the chapter is already in the editor); a failure only means it may be offered again. */
    chosen: (q: SuggestedQuestion) => answer.mutate({ id: q.id }, { onError: () => undefined }),
    announcement,
  };
}
