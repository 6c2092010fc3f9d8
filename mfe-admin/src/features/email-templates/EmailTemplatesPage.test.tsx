import { notificationMessages } from '@meritmatch/contracts';
import { answer, failure, renderArea, screen, sessionOf, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { approvedTemplate, suspendedTemplate } from '../../test/fixtures';

const open = () =>
  renderArea(App, { mount: '/admin', path: '/admin/email-templates', session: sessionOf('admin') });

describe('Email Templates', () => {
  it('lists every template with its subject and audience', async () => {
    answer('get', '/admin/email-templates', { templates: [approvedTemplate, suspendedTemplate] });
    open();
    const approved = await screen.findByTestId('template-request.approved');
    expect(approved).toHaveTextContent('Match request approved');
    expect(approved).toHaveTextContent('Employers');
    expect(approved).toHaveTextContent('Match approved: candidate {{candidateCode}}');
    expect(screen.getByTestId('template-account.suspended')).toHaveTextContent('Everyone (security)');
  });

  it('edits a template, previews it as plain text and saves it', async () => {
    answer('get', '/admin/email-templates', { templates: [approvedTemplate] });
    const previews = answer('post', '/admin/email-templates/request.approved/preview', {
      preview: { subject: 'Match approved: candidate EM123456', body: 'Hello Acme Robotics,\n\n<b>call</b>' },
    });
    const saves = answer('put', '/admin/email-templates/request.approved', (call) => ({
      message: notificationMessages.templateSaved,
      template: { ...approvedTemplate, ...(call.body as object) },
    }));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Match request approved' }));
    const subject = screen.getByLabelText(/Subject/);
    await user.clear(subject);
    await user.type(subject, 'Approved: {{{{candidateCode}}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('template-preview');
    expect(within(preview).getByText('<b>call</b>', { exact: false })).toBeInTheDocument();
    expect(preview.querySelector('b')).toBeNull();
    expect(previews[0]?.body).toMatchObject({ subject: 'Approved: {{candidateCode}}' });

    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText(notificationMessages.templateSaved)).toBeInTheDocument();
    expect(saves[0]?.body).toEqual({ subject: 'Approved: {{candidateCode}}', body: approvedTemplate.body });
  });

  it('refuses, before sending, a placeholder the kind may not use', async () => {
    answer('get', '/admin/email-templates', { templates: [approvedTemplate] });
    const saves = answer('put', '/admin/email-templates/request.approved', {});
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Match request approved' }));
    const body = screen.getByLabelText(/Body/);
    // the field keeps the kit's look with its own monospace class
    expect(body).toHaveClass('input', 'textarea', 'mono');
    await user.type(body, ' {{{{candidateName}}');
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(
      await screen.findByText(/\{\{candidateName\}\} cannot be used in this e-mail/),
    ).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it("shows the server's message when saving fails", async () => {
    answer('get', '/admin/email-templates', { templates: [approvedTemplate] });
    answer(
      'put',
      '/admin/email-templates/request.approved',
      failure('This record changed meanwhile', 'CONFLICT'),
      {
        status: 409,
      },
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Match request approved' }));
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This record changed meanwhile');
  });
});
