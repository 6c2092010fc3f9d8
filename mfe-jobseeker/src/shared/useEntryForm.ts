import { fieldsOf } from '@meritmatch/web-kit';
import { useEffect } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { EntryFormFrame } from './EntryFormCard';
import type { EmployerSeenField } from './name-words';
import type { EntrySection } from './useEntrySection';
import { useNameWordCheck } from './useNameWordCheck';

/** How a list section's form holds an entry, checks it and turns it into the API's payload. */
export type EntryFormSpec<Values extends FieldValues, Payload, Entry extends { id: string }> = {
  /** The form when adding, and after a save or Cancel. */
  empty: Values;
  /** The form when editing `entry`. */
  toValues: (entry: Entry) => Values;
  /** The contract's schema (`contractResolver`), producing the payload. */
  resolver: Resolver<Values, unknown, Payload>;
  /** Where editing starts. */
  firstField: Path<Values>;
  /**
   * The fields employers see as typed (the candidate detail's names of things); each warns
   * while it holds a word of the job seeker's name, and saving such a form asks first.
   */
  employerSees: readonly EmployerSeenField<Path<Values>>[];
};

/**
 * The form of one list section: filled with the entry being edited (focus on its first
 * field), emptied after a save or on Cancel. `frame` goes to the `EntryFormCard` around it;
 * `field(name)` binds a field, with its warning when employers see it.
 */
export function useEntryForm<Values extends FieldValues, Payload, Entry extends { id: string }>(
  { empty, toValues, resolver, firstField, employerSees }: EntryFormSpec<Values, Payload, Entry>,
  entry: Entry | null,
  section: EntrySection,
) {
  const form = useForm<Values, unknown, Payload>({
    resolver,
    defaultValues: (entry ? toValues(entry) : empty) as DefaultValues<Values>,
  });
  const { setFocus, handleSubmit, reset } = form;
  const entryId = entry?.id;
  useEffect(() => {
    if (entryId) setFocus(firstField);
  }, [entryId, setFocus, firstField]);

  const nameWords = useNameWordCheck(form, employerSees, section.fullName);
  const bound = fieldsOf(form);
  const field = <Name extends Path<Values>>(name: Name, options?: RegisterOptions<Values, Name>) => ({
    ...bound(name, options),
    warning: nameWords.warningFor(name),
  });

  const frame: EntryFormFrame = {
    section,
    editing: entry !== null,
    dirty: form.formState.isDirty,
    onSubmit: handleSubmit(async (payload) => {
      if (await nameWords.confirmSave()) section.save(payload, () => reset(empty));
    }),
    onCancel: () => {
      section.formFeedback.clear();
      section.stopEdit();
      reset(empty);
    },
  };
  return { form, field, frame };
}
