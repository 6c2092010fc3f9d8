import { jobSeekerMessages, skillSuggestions } from '@meritmatch/contracts';
import { answer, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { bareProfile, openArea, profile, profileIs, written } from '../../test/fixtures';

const open = () => openArea('/job-seeker/skills');
const rows = () => screen.getAllByLabelText(/^Skill \d+$/);

describe('Skills', () => {
  it('lists the skills with their levels', async () => {
    profileIs(profile);
    open();
    const chips = await screen.findByRole('list', { name: 'Your skills' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['KotlinExpert×', 'SQLAdvanced×']);
  });

  it('adds the named rows with their levels, drops blank ones, then starts again with one row', async () => {
    profileIs(bareProfile);
    const writes = answer('post', '/job-seeker/skills', written(jobSeekerMessages.skillsAdded, profile));
    const { user } = open();
    await user.type(await screen.findByLabelText('Skill 1'), 'Go');
    expect(screen.getByLabelText('Level of skill 1')).toHaveValue('intermediate');
    await user.selectOptions(screen.getByLabelText('Level of skill 1'), 'expert');
    await user.click(screen.getByRole('button', { name: 'Add another skill' }));
    await user.click(screen.getByRole('button', { name: 'Add another skill' }));
    await user.type(screen.getByLabelText('Skill 3'), 'Rust');
    await user.click(screen.getByRole('button', { name: 'Save skills' }));
    expect(await screen.findByText(jobSeekerMessages.skillsAdded)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      skills: [
        { name: 'Go', proficiencyLevel: 'expert' },
        { name: 'Rust', proficiencyLevel: 'intermediate' },
      ],
    });
    expect(rows()).toHaveLength(1);
    expect(screen.getByLabelText('Skill 1')).toHaveValue('');
  });

  it('removes a row only while there is more than one', async () => {
    profileIs(bareProfile);
    const { user } = open();
    await screen.findByLabelText('Skill 1');
    expect(screen.queryByRole('button', { name: /Remove skill row/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add another skill' }));
    await user.click(screen.getByRole('button', { name: 'Remove skill row 2' }));
    expect(rows()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove skill row/ })).not.toBeInTheDocument();
  });

  it('offers ten categories of suggestions; a pick fills the first blank row, else adds one', async () => {
    profileIs(profile);
    const { user } = open();
    const suggestions = await screen.findByTestId('skill-suggestions');
    const categories = within(suggestions).getByRole('group', { name: 'Categories' });
    // the ten categories SPEC.md names (the browser test spells them out)
    expect(
      within(categories)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(skillSuggestions.map((group) => group.category));
    expect(skillSuggestions).toHaveLength(10);
    expect(within(categories).getByRole('button', { name: 'Programming' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(suggestions).getByRole('button', { name: 'SQL (already added)' })).toBeDisabled();
    await user.click(within(categories).getByRole('button', { name: 'Healthcare' }));
    const healthcare = within(suggestions).getByRole('list', { name: 'Healthcare skills' });
    await user.click(within(healthcare).getByRole('button', { name: /Patient Care/ }));
    expect(screen.getByLabelText('Skill 1')).toHaveValue('Patient Care');
    await user.click(within(healthcare).getByRole('button', { name: /Triage/ }));
    expect(rows().map((row) => (row as HTMLInputElement).value)).toEqual(['Patient Care', 'Triage']);
    expect(within(healthcare).getByRole('button', { name: 'Triage (already added)' })).toBeDisabled();
  });
});
