import { useUsers } from '../features/users/users-query';

/**
 * The employers a log's Employer filter offers, as User Management lists them (deleted ones too:
 * their entries stay), and a hint while they load or when they could not be listed.
 */
export function useEmployerOptions(selected: string | undefined) {
  const users = useUsers('employer', true);
  const options = (users.data ?? []).map((user) => ({
    value: user.id,
    label: `${user.profile?.company_name ?? 'No company profile'} (${user.email})`,
  }));
  // an employer named in the address but not (or not yet) listed is still shown as chosen
  if (selected && !options.some((option) => option.value === selected))
    options.unshift({ value: selected, label: `Employer ${selected}` });
  const hint = users.isError
    ? 'The employers could not be listed.'
    : users.isPending
      ? 'Loading the employers…'
      : undefined;
  return { options, hint };
}
