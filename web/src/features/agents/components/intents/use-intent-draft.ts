import { useCallback, useMemo, useState } from 'react';
import type { IntentDetails } from '@parley/contracts/agent-stories';
import { draftFromIntent, emptyDraft, sameDraft, type IntentDraft } from './intent-draft';

/**
 * The editor's working copy of an intent. `stored` is the saved intent (null for a new one); the
 * draft resets to it when another intent (or a newer save of it) arrives. `unsaved` compares the
 * draft with the stored state, so undoing a change by hand clears the flag too.
 */
export function useIntentDraft(stored: IntentDetails | null) {
  const storedKey = stored ? `${stored.id}:${stored.updatedAt}` : 'new';
  const baseline = useMemo(() => (stored ? draftFromIntent(stored) : emptyDraft), [stored]);
  const [state, setState] = useState({ key: storedKey, draft: baseline });
  if (state.key !== storedKey) setState({ key: storedKey, draft: baseline });
  const draft = state.key === storedKey ? state.draft : baseline;

  const update = useCallback(
    (change: (draft: IntentDraft) => IntentDraft) => setState((value) => ({ ...value, draft: change(value.draft) })),
    [],
  );
  const discard = useCallback(() => setState({ key: storedKey, draft: baseline }), [storedKey, baseline]);

  return { draft, unsaved: !sameDraft(draft, baseline), update, discard };
}
