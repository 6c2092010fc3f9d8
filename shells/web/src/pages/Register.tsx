import { zodResolver } from '@hookform/resolvers/zod';
import { type AuthResponse, type RegisterForm, ZAuthResponse, ZRegisterForm } from '@meritmatch/contracts';
import { Button, Card, FormMessage, TextField } from '@meritmatch/ui';
import { Modal } from '@meritmatch/ui/dialogs';
import { errorMessage, homeFor, useApi, useFormMessage, useSession } from '@meritmatch/web-session';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';

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

export default function Register() {
  const api = useApi();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const feedback = useFormMessage();
  const [policy, setPolicy] = useState<keyof typeof policies | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { userType: 'job_seeker', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password, userType }) => {
    feedback.clear();
    try {
      const answer: AuthResponse = await api('/auth/register', {
        method: 'POST',
        body: { email, password, userType },
        schema: ZAuthResponse,
      });
      signIn(answer);
      navigate(homeFor(answer.user.userType), { replace: true });
    } catch (error) {
      feedback.show(errorMessage(error, 'Registration failed. Please try again.'));
    }
  });

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <h1>Create your account</h1>
        <p className="muted">Join MeritMatch and let your skills speak first.</p>
        <form className="form" onSubmit={onSubmit} onChange={feedback.clearIfError} noValidate>
          <FormMessage message={feedback.message} />
          <fieldset className="type-options">
            <legend className="field__label" style={{ marginBottom: '0.4rem' }}>
              Account type
            </legend>
            {accountTypes.map((type) => (
              <label className="type-option" key={type.value}>
                <input type="radio" value={type.value} {...register('userType')} />
                <span className="type-option__title">{type.title}</span>
                <span className="type-option__desc">{type.description}</span>
              </label>
            ))}
          </fieldset>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 6 characters."
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <p className="small muted" style={{ margin: 0 }}>
            By creating an account you agree to our{' '}
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setPolicy('terms')}>
              Terms of Service
            </button>{' '}
            and{' '}
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setPolicy('privacy')}>
              Privacy Policy
            </button>
            .
          </p>
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? 'Creating account…' : 'Create Account'}
          </Button>
        </form>
        <p className="small" style={{ marginTop: '1rem' }}>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </Card>
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
