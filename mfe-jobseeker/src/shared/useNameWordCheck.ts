import { useConfirm } from '@meritmatch/ui/dialogs';
import { type FieldValues, get, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import {
  type EmployerSeenField,
  nameWordConfirmation,
  nameWordsInFields,
  nameWordWarning,
} from './name-words';

const textIn = (values: unknown, name: string) => {
  const value: unknown = get(values, name);
  return typeof value === 'string' ? value : '';
};

/**
 * Watches the fields of a form that employers see for words of `fullName`. `warningFor(name)`
 * is the field's `warning`: what to say while it holds one, else null (the field's announcing
 * region stays in place), and undefined for a field employers do not see. `confirmSave()`, called before saving, asks once when any field holds one: true to
 * save ("Save anyway", or nothing to ask), false after "Go back and edit", which focuses the
 * first such field.
 */
export function useNameWordCheck<Values extends FieldValues, Payload>(
  { control, getValues, setFocus }: UseFormReturn<Values, unknown, Payload>,
  fields: readonly EmployerSeenField<Path<Values>>[],
  fullName: string,
) {
  const confirm = useConfirm();
  const values = useWatch({ control });
  const found = nameWordsInFields(fullName, fields, (name) => textIn(values, name));

  const warningFor = (name: Path<Values>) => {
    if (!fields.some((field) => field.name === name)) return undefined;
    const field = found.find((candidate) => candidate.name === name);
    return field ? nameWordWarning(field.words) : null;
  };

  const confirmSave = async () => {
    const saved = getValues();
    const now = nameWordsInFields(fullName, fields, (name) => textIn(saved, name));
    const [first] = now;
    if (!first) return true;
    const { title, confirmLabel, cancelLabel, message } = nameWordConfirmation;
    return confirm(message(now), {
      title,
      confirmLabel,
      cancelLabel,
      tone: 'primary',
      focusOnCancel: () => setFocus(first.name),
    });
  };

  return { warningFor, confirmSave };
}
