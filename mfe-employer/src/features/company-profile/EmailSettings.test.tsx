import { notificationMessages } from '@meritmatch/contracts';
import { answer, failure, renderArea, screen, sessionOf } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { emailPreferences, verifiedProfile } from '../../test/fixtures';

const open = () => renderArea(App, { mount: '/employer', session: sessionOf('employer') });

describe("the employer's e-mail settings", () => {
  it('lists every kind, with security messages on and locked', async () => {
    verifiedProfile();
    answer('get', '/employer/notifications', { preferences: emailPreferences });
    open();
    expect(await screen.findByRole('checkbox', { name: 'Match request approved' })).toBeChecked();
    const suspended = screen.getByRole('checkbox', { name: 'Account suspended (always sent)' });
    expect(suspended).toBeChecked();
    expect(suspended).toBeDisabled();
  });

  it('saves a switch at once and says so', async () => {
    verifiedProfile();
    answer('get', '/employer/notifications', { preferences: emailPreferences });
    const writes = answer('put', '/employer/notifications', {
      message: notificationMessages.preferencesSaved,
      preferences: emailPreferences.map((p) =>
        p.kind === 'request.approved' ? { ...p, enabled: false } : p,
      ),
    });
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Match request approved' }));
    expect(await screen.findByText(notificationMessages.preferencesSaved)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({ kind: 'request.approved', enabled: false });
    expect(screen.getByRole('checkbox', { name: 'Match request approved' })).not.toBeChecked();
  });

  it("shows the server's message when saving fails, and the switch as it was", async () => {
    verifiedProfile();
    answer('get', '/employer/notifications', { preferences: emailPreferences });
    answer(
      'put',
      '/employer/notifications',
      failure('Security messages are always sent', 'VALIDATION_FAILED'),
      {
        status: 400,
      },
    );
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Company verified' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Security messages are always sent');
    expect(await screen.findByRole('checkbox', { name: 'Company verified' })).toBeChecked();
  });
});
