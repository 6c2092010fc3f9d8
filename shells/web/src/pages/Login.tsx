import { zodResolver } from '@hookform/resolvers/zod';
import { type AuthResponse, type LoginRequest, ZAuthResponse, ZLoginRequest } from '@meritmatch/contracts';
import { Button, Card, FormMessage, TextField } from '@meritmatch/ui';
import { errorMessage, homeFor, useApi, useFormMessage, useSession } from '@meritmatch/web-session';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';

export default function Login() {
  const api = useApi();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const feedback = useFormMessage();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    feedback.clear();
    try {
      const answer: AuthResponse = await api('/auth/login', {
        method: 'POST',
        body: values,
        schema: ZAuthResponse,
      });
      signIn(answer);
      navigate(homeFor(answer.user.userType), { replace: true });
    } catch (error) {
      feedback.show(errorMessage(error, 'Login failed. Please try again.'));
    }
  });

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <h1>Sign in</h1>
        <p className="muted">Welcome back to MeritMatch.</p>
        <form className="form" onSubmit={onSubmit} onChange={feedback.clearIfError} noValidate>
          <FormMessage message={feedback.message} />
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
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? 'Signing in…' : 'Sign In'}
          </Button>
        </form>
        <p className="small" style={{ marginTop: '1rem' }}>
          New to MeritMatch? <Link to="/register">Create an account</Link>
        </p>
      </Card>
    </div>
  );
}
