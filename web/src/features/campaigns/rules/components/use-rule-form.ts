import { useState } from 'react';
import type { z } from 'zod';
import { validateWithSchema, type FieldErrors } from '../../../../lib/form-validation';
import { showToast } from '../../../../lib/toast';
import { saveFailure } from './RuleDialog';

interface SaveMutation<Values> {
  mutate: (values: Values, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

interface RuleFormOptions<Values> {
  /** The contracts' schema of the rule: checked before anything is sent. */
  schema: z.ZodType;
  initial: Values;
  save: SaveMutation<Values>;
  /** The toast once saved ('Quiet hours saved'). */
  savedText: string;
  onClose: () => void;
}

/**
 * The state of a rule's add / edit dialog: its values, the messages beside its fields (the
 * schema's, then the server's), the server's refusal that names no field, and Save.
 */
export function useRuleForm<Values extends object>({
  schema,
  initial,
  save,
  savedText,
  onClose,
}: RuleFormOptions<Values>) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = (change: Partial<Values>) => {
    setValues((previous) => ({ ...previous, ...change }));
    setErrors((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(change)) delete next[key];
      return next;
    });
  };

  const handleSubmit = () => {
    setFailure(null);
    const found = validateWithSchema(schema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(values, {
      onSuccess: () => {
        showToast(savedText, { tone: 'success' });
        onClose();
      },
      onError: (error) => {
        const shown = saveFailure(error);
        if (!shown) return;
        setErrors(shown.fieldErrors);
        setFailure(shown.failure);
      },
    });
  };

  return { values, errors, failure, set, handleSubmit, saving: save.isPending };
}
