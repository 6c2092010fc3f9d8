import type { RegisterForm } from '@meritmatch/contracts';
import { TextField } from '@meritmatch/ui';
import { Modal } from '@meritmatch/ui/dialogs';
import { deferredContractResolver, fieldsOf } from '@meritmatch/web-kit';
import { useFormMessage } from '@meritmatch/web-session';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PageLink } from '../layout/PageLink';
import { AuthCard, CredentialFields, loadAuthContracts, useSignInWith } from './AuthCard';

const accountTypes = [
  { value: 'job_seeker', title: 'Job Seeker', description: 'Looking for opportunities' },
  { value: 'employer', title: 'Employer', description: 'Hiring talent' },
] as const;

const policies = {
  terms: {
    title: 'Terms of Service',
    body: 'MeritMatch connects job seekers and employers through an admin team. Employers agree to use candidate information only to evaluate and contact candidates introduced to them, and job seekers agree that the professional details they enter are shown anonymously to verified employers.',
  },
  privacy: {
    title: 'Privacy Policy',
    body: 'Your name, e-mail address and phone number are never shown to employers. They are visible only to MeritMatch admins, who use them to facilitate an introduction you have been matched for. Employers see an anonymous code with your location, skills, experience and education.',
  },
};

const resolver = deferredContractResolver<RegisterForm, RegisterForm>(
  async () => (await loadAuthContracts()).ZRegisterForm,
);

export default function Register() {
  const feedback = useFormMessage();
  const { signIn, submitted } = useSignInWith(
    '/auth/register',
    'Registration failed. Please try again.',
    feedback,
  );
  const [policy, setPolicy] = useState<keyof typeof policies | null>(null);
  const form = useForm<RegisterForm>({
    resolver,
    defaultValues: { userType: 'job_seeker', email: '', password: '', confirmPassword: '' },
  });
  const field = fieldsOf(form);
  const policyButton = (which: keyof typeof policies) => (
    <button type="button" className="btn btn--ghost btn--sm" onClick={() => setPolicy(which)}>
      {policies[which].title}
    </button>
  );

  return (
    <div className="auth-page">
      <AuthCard
        title="Create your account"
        lead="Join MeritMatch and let your skills speak first."
        feedback={feedback}
        onSubmit={submitted(
          form.handleSubmit(({ email, password, userType }) => signIn({ email, password, userType })),
        )}
        onFirstFocus={resolver.warm}
        busy={form.formState.isSubmitting}
        submitLabel="Create Account"
        busyLabel="Creating account…"
        footer={
          <>
            Already have an account? <PageLink to="/login">Sign in</PageLink>
          </>
        }
      >
        <fieldset className="type-options">
          <legend className="field__label">Account type</legend>
          {accountTypes.map((type) => (
            <label className="type-option" key={type.value}>
              <input type="radio" value={type.value} {...form.register('userType')} />
              <span className="type-option__title">{type.title}</span>
              <span className="type-option__desc">{type.description}</span>
            </label>
          ))}
        </fieldset>
        <CredentialFields field={field} newPassword />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
        <p className="small muted auth-card__fine-print">
          By creating an account you agree to our {policyButton('terms')} and {policyButton('privacy')}.
        </p>
      </AuthCard>
      <Modal
        open={policy !== null}
        onOpenChange={(open) => !open && setPolicy(null)}
        title={policy ? policies[policy].title : ''}
      >
        <p>{policy ? policies[policy].body : ''}</p>
      </Modal>
    </div>
  );
}
