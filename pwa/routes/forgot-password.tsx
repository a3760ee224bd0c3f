import { createFileRoute } from '@tanstack/react-router';
import { Link } from '@tanstack/react-router';
import { AuthFrame } from '../components/auth/AuthFrame.tsx';
import { ForgotPasswordForm } from '../components/auth/ForgotPasswordForm.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/forgot-password')({
  head: () => pageHead('/forgot-password'),
  component: ForgotPasswordPage,
});

/** Forgot Password (seed point 2): the email form, a confirmation after it, and a link back to the portal. */
function ForgotPasswordPage() {
  return (
    <AuthFrame
      title="Forgot Password"
      lead="Enter the email address of your account and we will send you a link to choose a new password. The link works for 1 hour."
      footer={
        <p>
          <Link to="/customer">Back to the Customer Portal</Link>
        </p>
      }
    >
      <ForgotPasswordForm variant="page" />
    </AuthFrame>
  );
}
