import { type BlockedCompanyInput, visibilityTexts, ZBlockedCompanyInput } from '@meritmatch/contracts';
import { Button, TextField } from '@meritmatch/ui';
import { contractResolver, fieldsOf } from '@meritmatch/web-kit';
import { useForm } from 'react-hook-form';

type Values = { name: string; website: string };
const empty: Values = { name: '', website: '' };

/** Adds a company to the block list, checked with the API's own contract first. */
export function BlockListForm({
  busy,
  onAdd,
}: {
  busy: boolean;
  onAdd: (company: BlockedCompanyInput, added: () => void) => void;
}) {
  const form = useForm<Values, unknown, BlockedCompanyInput>({
    resolver: contractResolver<Values, BlockedCompanyInput>(ZBlockedCompanyInput),
    defaultValues: empty,
  });
  const field = fieldsOf(form);
  const onSubmit = form.handleSubmit((company) => onAdd(company, () => form.reset(empty)));
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Block a company">
      <p className="small muted">{visibilityTexts.blockListHint}</p>
      <div className="grid grid--2">
        <TextField label="Company name" required placeholder="e.g. Globex" {...field('name')} />
        <TextField label="Website" placeholder="e.g. globex.com" hint="Optional." {...field('website')} />
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          Block this company
        </Button>
      </div>
    </form>
  );
}
