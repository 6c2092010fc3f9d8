import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import type { EntrySection } from './EntrySectionPage';

/**
 * The form of one list section: filled with the entry being edited (focus on its first
 * field), emptied after a save or on Cancel.
 */
export function useEntryForm<Values extends FieldValues, Payload, Entry extends { id: string }>({
  entry,
  section,
  empty,
  toValues,
  resolver,
  firstField,
}: {
  entry: Entry | null;
  section: EntrySection;
  empty: Values;
  toValues: (entry: Entry) => Values;
  resolver: Resolver<Values, unknown, Payload>;
  firstField: Path<Values>;
}) {
  const form = useForm<Values, unknown, Payload>({
    resolver,
    defaultValues: (entry ? toValues(entry) : empty) as DefaultValues<Values>,
  });
  const { setFocus, handleSubmit, reset } = form;
  const entryId = entry?.id;
  useEffect(() => {
    if (entryId) setFocus(firstField);
  }, [entryId, setFocus, firstField]);

  const onSubmit = handleSubmit((payload) => section.save(payload, () => reset(empty)));
  const cancel = () => {
    section.formFeedback.clear();
    section.stopEdit();
    reset(empty);
  };
  return { form, onSubmit, cancel };
}
