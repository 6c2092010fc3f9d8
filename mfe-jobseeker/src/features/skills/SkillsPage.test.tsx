import { jobSeekerMessages, skillSuggestions } from '@meritmatch/contracts';
import { answer, screen, within } from '@meritmatch/web-testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { bareProfile, openArea, profile, profileIs, written } from '../../test/fixtures';

const open = () => openArea('/job-seeker/skills');
const rows = () => screen.getAllByLabelText(/^Skill \d+$/);

describe('Skills', () => {
  // the vocabulary offers nothing unless a test says otherwise
  beforeEach(() => answer('get', '/job-seeker/skill-suggestions', { suggestions: [] }));

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

  it("offers the vocabulary's skills for the typed text, by any of their names, and takes any name", async () => {
    profileIs(bareProfile);
    const asked = answer('get', '/job-seeker/skill-suggestions', ({ query }) =>
      query.get('q') === 'js'
        ? {
            suggestions: [
              { id: 'esco:js', name: 'JavaScript', matched: 'JS' },
              { id: 'mm:node', name: 'Node.js', matched: 'Node.js' },
            ],
          }
        : { suggestions: [] },
    );
    const writes = answer('post', '/job-seeker/skills', written(jobSeekerMessages.skillsAdded, profile));
    const { user } = open();
    const name = await screen.findByLabelText('Skill 1');
    expect(name).toHaveAttribute('list', 'skill-vocabulary');
    // one input (a paste): how many requests a run of keys makes depends on the machine's speed
    await user.click(name);
    await user.paste('JS');
    const offered = screen.getByTestId('skill-vocabulary');
    await expect
      .poll(() => [...offered.querySelectorAll('option')].map((option) => [option.value, option.textContent]))
      .toEqual([
        ['JavaScript', 'JS'],
        ['Node.js', ''],
      ]);
    // the text is asked for once typing pauses, lower-cased
    expect(asked.map((call) => call.query.get('q'))).toEqual(['js']);
    await user.clear(name);
    await user.type(name, 'Zorblax');
    await user.click(screen.getByRole('button', { name: 'Save skills' }));
    await expect
      .poll(() => writes[0]?.body)
      .toEqual({ skills: [{ name: 'Zorblax', proficiencyLevel: 'intermediate' }] });
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
