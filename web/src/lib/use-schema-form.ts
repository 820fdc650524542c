import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrors } from './form-validation';

type FormValues = Record<string, string | boolean>;

export interface SchemaFormOptions<Values extends FormValues> {
  initialValues: Values;
  /** Returns the message per invalid field (see `validateWithSchema`). */
  validate: (values: Values) => FieldErrors;
}

export interface InputProps {
  value?: string;
  checked?: boolean;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: (node: HTMLInputElement | null) => void;
}

/**
 * A small form state for the console's forms (values, messages beside fields, submit). Kept
 * here instead of a form library so the login page stays light. On a failed submit the first
 * invalid field gets the focus.
 */
export function useSchemaForm<Values extends FormValues>({ initialValues, validate }: SchemaFormOptions<Values>) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const nodes = useRef(new Map<string, HTMLInputElement>());
  const initial = useRef(initialValues);

  const setFieldValue = useCallback(<K extends keyof Values & string>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => {
      if (previous[field] === undefined) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  }, []);

  const getInputProps = <K extends keyof Values & string>(field: K): InputProps => {
    const value = values[field];
    const isCheckbox = typeof value === 'boolean';
    return {
      ...(isCheckbox ? { checked: value } : { value: String(value) }),
      error: errors[field],
      onChange: (event) =>
        setFieldValue(field, (isCheckbox ? event.currentTarget.checked : event.currentTarget.value) as Values[K]),
      ref: (node) => {
        if (node) nodes.current.set(field, node);
        else nodes.current.delete(field);
      },
    };
  };

  const focusField = (field: string) => nodes.current.get(field)?.focus();

  const onSubmit = (handler: (values: Values) => void) => (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const found = validate(values);
    setErrors(found);
    const invalid = Object.keys(values).find((field) => found[field] !== undefined);
    if (invalid !== undefined) {
      focusField(invalid);
      return;
    }
    if (Object.keys(found).length === 0) handler(values);
  };

  const reset = useCallback(() => {
    setValues(initial.current);
    setErrors({});
  }, []);

  return { values, errors, setErrors, setFieldValue, getInputProps, onSubmit, reset, focusField };
}
